-- The office's 'Promote now': the entry becomes a booking if all its children fit, with the front desk's rules
-- (capacity never overridden; a weekly limit passed over only with overrideWeeklyLimit and a note), even out of turn.
CREATE OR REPLACE FUNCTION public.portal_promote_waitlist_entry(parent_id uuid, entry_id uuid, now_at timestamp with time zone, closes_before timestamp with time zone, parent jsonb, office jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  s sessions;
  e waitlist_entries;
  refused jsonb;
  missing text[];
  kid_ids uuid[];
  kid_names text[];
  kid_limits integer[];
BEGIN
  SELECT * INTO e FROM waitlist_entries WHERE id = entry_id AND family_id = parent_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refusal', 'waitlist-entry-not-found');
  END IF;
  SELECT * INTO s FROM sessions WHERE id = e.session_id FOR UPDATE;
  SELECT * INTO e FROM waitlist_entries WHERE id = entry_id FOR UPDATE;
  IF e.status = 'PROMOTED' THEN
    RETURN jsonb_build_object('refusal', 'waitlist-promoted');
  ELSIF e.status <> 'WAITING' THEN
    RETURN jsonb_build_object('refusal', 'waitlist-not-waiting');
  ELSIF s.status = 'CANCELLED' THEN
    RETURN jsonb_build_object('refusal', 'session-cancelled');
  ELSIF s.starts_at <= now_at THEN
    RETURN jsonb_build_object('refusal', 'session-started');
  ELSIF s.starts_at <= closes_before THEN
    RETURN jsonb_build_object('refusal', 'waitlist-closed');
  END IF;
  SELECT array_agg(k.id ORDER BY k.ord), array_agg(k.name ORDER BY k.ord), array_agg(k.weekly_limit ORDER BY k.ord)
  INTO kid_ids, kid_names, kid_limits
  FROM (SELECT c.id, c.name, c.weekly_limit, a.ord FROM unnest(e.child_ids) WITH ORDINALITY AS a(id, ord)
        JOIN children c ON c.id = a.id AND c.removed_at IS NULL ORDER BY c.id FOR UPDATE OF c) k;
  IF coalesce(cardinality(kid_ids), 0) < cardinality(e.child_ids) THEN
    SELECT array_agg(e.child_names[a.ord] ORDER BY a.ord) INTO missing
    FROM unnest(e.child_ids) WITH ORDINALITY AS a(id, ord)
    WHERE NOT (a.id = ANY (coalesce(kid_ids, '{}'::uuid[])));
    RETURN jsonb_build_object('refusal', 'not-your-children', 'names', to_jsonb(missing));
  END IF;
  refused := portal_refuse_children(s, kid_ids, kid_names, portal_limits_for(kid_limits, office), NULL);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;
  RETURN jsonb_build_object('booking', portal_book_from_waitlist(e, s, kid_ids, kid_names, parent, now_at, office));
END
$function$;
