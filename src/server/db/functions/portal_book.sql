-- Books children of a family into a session (docs/product-rules.md "Booking (parents)", decision 015), for the
-- family or, with `office`, the front desk (decision 018). Locks the session, then the named children in id order
-- (decision 022); finds them by their name keys (portal_child_name_key); refuses, before writing anything, a
-- session that cannot be booked, children not the family's or named twice, an ineligible child (portal_ineligible),
-- a child lacking a date of birth or sex the class needs (portal_details_missing, issue 31), then full spots, a child already booked here and weekly limits (portal_refuse_spots_and_limits). Writes the
-- booking, its children, the spots and the e-mail, and answers the booking's facts, or {refusal, …details}. Issue 32: a
-- child at its weekly limit with a make-up credit for the session goes one beyond it and the booking uses the credit
-- (portal_credit_limits, under the children's row locks).
CREATE OR REPLACE FUNCTION public.portal_book(parent_id uuid, session_id uuid, child_names text[], now_at timestamp with time zone, parent jsonb, office jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  s sessions;
  b bookings;
  refusal text;
  refused jsonb;
  missing text[];
  kid_ids uuid[];
  kid_names text[];
  kid_limits integer[];
  kid_recorded boolean;
  kid_lacking boolean;
  credit_limits integer[];
  credits_taken uuid[];
  credits_released uuid[];
  facts jsonb;
BEGIN
  SELECT * INTO s FROM sessions WHERE id = session_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refusal', 'session-not-found');
  END IF;
  refusal := portal_unbookable(s, now_at);
  IF refusal = 'outside-window' AND office IS NOT NULL THEN
    refusal := NULL;
  END IF;
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  SELECT array_agg(k.id ORDER BY k.ord), array_agg(k.name ORDER BY k.ord), array_agg(k.weekly_limit ORDER BY k.ord),
         bool_or(k.recorded), bool_or(k.lacking)
  INTO kid_ids, kid_names, kid_limits, kid_recorded, kid_lacking
  FROM (SELECT c.id, c.name, c.weekly_limit, a.ord, (c.birth_date IS NOT NULL OR c.sex = 'M') AS recorded,
               (c.birth_date IS NULL OR c.sex IS NULL) AS lacking
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
    refused := portal_named_twice(child_names, kid_ids);
    IF refused IS NOT NULL THEN
      RETURN refused;
    END IF;
  END IF;
  IF kid_recorded THEN
    refused := portal_ineligible(s, kid_ids);
    IF refused IS NOT NULL THEN
      RETURN refused;
    END IF;
  END IF;
  IF kid_lacking THEN
    refused := portal_details_missing(s, kid_ids);
    IF refused IS NOT NULL THEN
      RETURN refused;
    END IF;
  END IF;
  kid_limits := portal_limits_for(kid_limits, office);
  SELECT * INTO credit_limits, credits_taken, credits_released FROM portal_credit_limits(s, kid_ids, kid_limits, NULL);
  refused := portal_refuse_spots_and_limits(s, kid_ids, kid_names, coalesce(credit_limits, kid_limits), NULL);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;

  INSERT INTO bookings (family_id, booked_by_user_id, session_id, status, booked_by, booked_by_admin_id, booked_by_admin_name, office_note, placed_at)
  VALUES (parent_id, CASE WHEN office IS NULL THEN (parent ->> 'id')::uuid END, s.id, 'CONFIRMED', CASE WHEN office IS NULL THEN 'FAMILY' ELSE 'OFFICE' END,
          (office ->> 'adminId')::uuid, office ->> 'adminName', nullif(office ->> 'note', ''), now_at)
  RETURNING * INTO b;
  facts := portal_booking_facts(b, s, kid_names, parent);
  WITH kids AS (
    INSERT INTO booking_children (booking_id, child_id, child_name, position)
    SELECT b.id, k.id, k.name, k.ord - 1 FROM unnest(kid_ids, kid_names) WITH ORDINALITY AS k(id, name, ord)
  )
  UPDATE sessions SET booked_count = booked_count + cardinality(kid_ids), updated_at = now() WHERE id = s.id;
  IF cardinality(credits_taken) > 0 THEN
    UPDATE makeup_credits SET used_booking_id = b.id, used_at = now_at WHERE id = ANY (credits_taken);
  END IF;
  PERFORM portal_mail_family(parent_id, CASE WHEN office IS NULL THEN (parent ->> 'id')::uuid END, 'booking-confirmed', facts, '{user}');
  IF s.waitlist_count > 0 THEN
    PERFORM portal_unwait_booked_children(s.id, parent_id, kid_ids, now_at);
  END IF;
  IF office IS NOT NULL THEN
    PERFORM portal_record_office_action(office, parent_id, 'BOOK', b.id, jsonb_build_object(
      'session', facts -> 'session', 'className', facts -> 'classType' ->> 'name', 'childNames', facts -> 'childNames',
      'overrideWeeklyLimit', coalesce((office ->> 'overrideWeeklyLimit')::boolean, false)));
  END IF;
  RETURN jsonb_build_object('booking', facts);
END
$function$;
