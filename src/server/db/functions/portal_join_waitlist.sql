-- A family joins a full session's waitlist (decision 020): the children found by their keys, one child named twice
-- refused (an entry of ['Mia', 'MİA'] would have booked Mia twice on promotion), the same eligibility as a booking.
CREATE OR REPLACE FUNCTION public.portal_join_waitlist(parent_id uuid, session_id uuid, child_names text[], now_at timestamp with time zone, closes_before timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  s sessions;
  e waitlist_entries;
  refusal text;
  missing text[];
  kid_ids uuid[];
  kid_names text[];
  already text[];
  ineligible jsonb;
BEGIN
  SELECT * INTO s FROM sessions WHERE id = session_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refusal', 'session-not-found');
  END IF;
  refusal := portal_unbookable(s, now_at);
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  IF s.starts_at <= closes_before THEN
    RETURN jsonb_build_object('refusal', 'waitlist-closed');
  END IF;
  SELECT array_agg(k.id ORDER BY k.ord), array_agg(k.name ORDER BY k.ord) INTO kid_ids, kid_names
  FROM (SELECT c.id, c.name, a.ord
        FROM unnest(child_names) WITH ORDINALITY AS a(n, ord)
        JOIN children c ON c.family_id = parent_id AND c.removed_at IS NULL AND c.name_key = portal_child_name_key(a.n)
        ORDER BY c.id
        FOR UPDATE OF c) k;
  IF coalesce(cardinality(kid_ids), 0) < cardinality(child_names) THEN
    SELECT array_agg(a.n ORDER BY a.ord) INTO missing
    FROM unnest(child_names) WITH ORDINALITY AS a(n, ord)
    WHERE NOT EXISTS (SELECT 1 FROM children c WHERE c.family_id = parent_id AND c.removed_at IS NULL AND c.name_key = portal_child_name_key(a.n));
    RETURN jsonb_build_object('refusal', 'not-your-children', 'names', to_jsonb(missing));
  END IF;
  IF cardinality(kid_ids) > 1 THEN
    ineligible := portal_named_twice(child_names, kid_ids);
    IF ineligible IS NOT NULL THEN
      RETURN ineligible;
    END IF;
  END IF;
  ineligible := portal_ineligible(s, kid_ids);
  IF ineligible IS NOT NULL THEN
    RETURN ineligible;
  END IF;
  SELECT array_agg(bc.child_name ORDER BY bc.child_name) INTO already
  FROM booking_children bc JOIN bookings b ON b.id = bc.booking_id
  WHERE bc.child_id = ANY (kid_ids) AND bc.cancelled_at IS NULL AND b.session_id = s.id AND b.status = 'CONFIRMED';
  IF already IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', 'already-booked', 'names', to_jsonb(already));
  END IF;
  IF s.capacity - s.booked_count >= cardinality(kid_ids) THEN
    RETURN jsonb_build_object('refusal', 'not-full', 'available', s.capacity - s.booked_count);
  END IF;
  SELECT array_agg(w.child_names[a.ord] ORDER BY w.child_names[a.ord]) INTO already
  FROM waitlist_entries w, unnest(w.child_ids) WITH ORDINALITY AS a(id, ord)
  WHERE w.session_id = s.id AND w.status = 'WAITING' AND a.id = ANY (kid_ids);
  IF already IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', 'already-waiting', 'names', to_jsonb(already));
  END IF;
  INSERT INTO waitlist_entries (family_id, session_id, child_ids, child_names) VALUES (parent_id, s.id, kid_ids, kid_names)
  RETURNING * INTO e;
  RETURN jsonb_build_object('entry', portal_waitlist_facts(e));
END
$function$;
