ALTER TABLE "email_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "template_data" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_content_check" CHECK ("email_outbox"."template" is not null or ("email_outbox"."subject" is not null and "email_outbox"."text_body" is not null));--> statement-breakpoint
-- Issue 18: a booking, a cancellation and a reschedule each run as one statement (docs/decisions/015-booking-in-one-statement.md).
-- The rules are those of docs/product-rules.md (Bookings); the refusals come back as values named by `refusal`
-- (the server turns each into its HTTP status and message, services/bookings/booking-refusals.ts), so a refused
-- call has written nothing. E-mail is queued as a template row: the worker renders it after the commit.

-- The Toronto week (Monday 00:00 to the next Monday 00:00 on Toronto wall clocks) holding an instant, `weeks`
-- weeks ahead; the server's torontoWeekOf (src/shared/rules/week.ts) is the same (db/toronto-week.test.ts
-- compares the two across DST changes). Toronto midnight always exists (the clocks change at 2:00).
CREATE OR REPLACE FUNCTION portal_toronto_week_start(instant timestamptz, weeks integer DEFAULT 0) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (date_trunc('week', instant AT TIME ZONE 'America/Toronto') + make_interval(weeks => weeks)) AT TIME ZONE 'America/Toronto'
$$;
--> statement-breakpoint
-- A child's weekly use: confirmed spots in sessions that start in the Toronto week of `week_of`, optionally
-- without one booking (a reschedule re-checks without the booking it moves). The one definition: the server's
-- countWeeklyUsage calls it too. It starts from the children's own booking rows (an index scan on child_id,
-- materialized so the plan never starts from the week's sessions: a busy week holds thousands of bookings, a
-- child a handful), then looks each booking and its session up by primary key.
CREATE OR REPLACE FUNCTION portal_weekly_usage(child_ids uuid[], week_of timestamptz, exclude_booking uuid DEFAULT NULL)
RETURNS TABLE (child_id uuid, used integer) LANGUAGE sql STABLE AS $$
  WITH theirs AS MATERIALIZED (
    SELECT bc.child_id, bc.booking_id FROM booking_children bc WHERE bc.child_id = ANY (child_ids)
  )
  SELECT t.child_id, count(*)::integer
  FROM theirs t
  JOIN bookings b ON b.id = t.booking_id
  JOIN sessions s ON s.id = b.session_id
  WHERE b.status = 'CONFIRMED'
    AND s.starts_at >= portal_toronto_week_start(week_of)
    AND s.starts_at < portal_toronto_week_start(week_of, 1)
    AND (exclude_booking IS NULL OR b.id <> exclude_booking)
  GROUP BY t.child_id
$$;
--> statement-breakpoint
-- Why a session cannot take a booking now (NULL when it can): cancelled, started, or outside the booking
-- window (this Toronto week and the next).
CREATE OR REPLACE FUNCTION portal_unbookable(s sessions, now_at timestamptz) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN s.status = 'CANCELLED' THEN 'session-cancelled'
    WHEN s.starts_at <= now_at THEN 'session-started'
    WHEN s.starts_at < portal_toronto_week_start(now_at) OR s.starts_at >= portal_toronto_week_start(now_at, 2) THEN 'outside-window'
  END
$$;
--> statement-breakpoint
-- The checks every booking of children into a session makes, once the session and the children are locked:
-- room, children not already booked there, weekly limits. NULL when all pass, else the refusal.
CREATE OR REPLACE FUNCTION portal_refuse_children(s sessions, kid_ids uuid[], kid_names text[], kid_limits integer[], exclude_booking uuid)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  wanted integer := cardinality(kid_ids);
  available integer := s.capacity - s.booked_count;
  already text[];
  over record;
BEGIN
  IF available <= 0 THEN
    RETURN jsonb_build_object('refusal', 'full');
  END IF;
  IF available < wanted THEN
    RETURN jsonb_build_object('refusal', 'spots', 'available', available, 'requested', wanted);
  END IF;
  SELECT array_agg(bc.child_name ORDER BY bc.child_name) INTO already
  FROM booking_children bc JOIN bookings b ON b.id = bc.booking_id
  WHERE b.session_id = s.id AND b.status = 'CONFIRMED' AND bc.child_id = ANY (kid_ids)
    AND (exclude_booking IS NULL OR b.id <> exclude_booking);
  IF already IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', 'already-booked', 'names', to_jsonb(already));
  END IF;
  SELECT k.name, k.weekly_limit INTO over
  FROM unnest(kid_ids, kid_names, kid_limits) WITH ORDINALITY AS k(id, name, weekly_limit, ord)
  LEFT JOIN portal_weekly_usage(kid_ids, s.starts_at, exclude_booking) u ON u.child_id = k.id
  WHERE coalesce(u.used, 0) + 1 > k.weekly_limit
  ORDER BY k.ord LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('refusal', 'weekly-limit', 'name', over.name, 'limit', over.weekly_limit);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A booking's facts in the shape the server turns into its answer and its e-mails (toBookingFacts in
-- services/bookings/booking-dto.ts): the booking, its session and class, the children's names, the parent.
CREATE OR REPLACE FUNCTION portal_booking_facts(b bookings, s sessions, child_names text[], parent jsonb) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'booking', jsonb_build_object('id', b.id, 'status', b.status, 'calendarSequence', b.calendar_sequence, 'createdAt', b.created_at),
    'session', jsonb_build_object('id', s.id, 'startsAt', s.starts_at, 'endsAt', s.ends_at, 'location', s.location),
    'classType', (SELECT jsonb_build_object('id', ct.id, 'code', ct.code, 'name', ct.name, 'description', ct.description)
                  FROM class_types ct WHERE ct.id = s.class_type_id),
    'childNames', to_jsonb(coalesce(child_names, '{}'::text[])),
    'user', parent)
$$;
--> statement-breakpoint
-- Books one spot per named child of the parent, all or nothing. Locks the session row (capacity) and the
-- children's rows in id order (weekly limits; no deadlock between two bookings of one family) until the commit.
-- `parent`: {firstName, lastName, email} of the signed-in parent, for the answer and the e-mail.
CREATE OR REPLACE FUNCTION portal_book(parent_id uuid, session_id uuid, child_names text[], now_at timestamptz, parent jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s sessions;
  b bookings;
  refusal text;
  refused jsonb;
  missing text[];
  kid_ids uuid[];
  kid_names text[];
  kid_limits integer[];
  facts jsonb;
BEGIN
  SELECT * INTO s FROM sessions WHERE id = session_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refusal', 'session-not-found');
  END IF;
  refusal := portal_unbookable(s, now_at);
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  -- Only current children: a removed child (kept for their past bookings) cannot be booked.
  PERFORM 1 FROM children c
  WHERE c.user_id = parent_id AND c.removed_at IS NULL
    AND lower(c.name) IN (SELECT lower(btrim(n)) FROM unnest(child_names) AS n)
  ORDER BY c.id FOR UPDATE;
  SELECT array_agg(a.n ORDER BY a.ord) INTO missing
  FROM unnest(child_names) WITH ORDINALITY AS a(n, ord)
  WHERE NOT EXISTS (SELECT 1 FROM children c WHERE c.user_id = parent_id AND c.removed_at IS NULL AND lower(c.name) = lower(btrim(a.n)));
  IF missing IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', 'not-your-children', 'names', to_jsonb(missing));
  END IF;
  -- In the order the parent chose.
  SELECT array_agg(c.id ORDER BY a.ord), array_agg(c.name ORDER BY a.ord), array_agg(c.weekly_limit ORDER BY a.ord)
  INTO kid_ids, kid_names, kid_limits
  FROM unnest(child_names) WITH ORDINALITY AS a(n, ord)
  JOIN children c ON c.user_id = parent_id AND c.removed_at IS NULL AND lower(c.name) = lower(btrim(a.n));
  refused := portal_refuse_children(s, kid_ids, kid_names, kid_limits, NULL);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;

  INSERT INTO bookings (user_id, session_id, status) VALUES (parent_id, s.id, 'CONFIRMED') RETURNING * INTO b;
  INSERT INTO booking_children (booking_id, child_id, child_name, position)
  SELECT b.id, k.id, k.name, k.ord - 1 FROM unnest(kid_ids, kid_names) WITH ORDINALITY AS k(id, name, ord);
  UPDATE sessions SET booked_count = booked_count + cardinality(kid_ids), updated_at = now() WHERE id = s.id;
  facts := portal_booking_facts(b, s, kid_names, parent);
  INSERT INTO email_outbox (to_address, template, template_data) VALUES (parent ->> 'email', 'booking-confirmed', facts);
  RETURN jsonb_build_object('booking', facts);
END
$$;
--> statement-breakpoint
-- Locks the parent's own booking and says why it cannot change (NULL when it is confirmed): another parent's
-- booking is indistinguishable from a missing one.
CREATE OR REPLACE FUNCTION portal_lock_own_booking(parent_id uuid, booking_id uuid, not_confirmed text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  found_status text;
BEGIN
  SELECT status INTO found_status FROM bookings WHERE id = booking_id AND user_id = parent_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'booking-not-found';
  END IF;
  RETURN CASE WHEN found_status <> 'CONFIRMED' THEN not_confirmed END;
END
$$;
--> statement-breakpoint
-- Cancels one of the parent's future bookings and frees its spots.
CREATE OR REPLACE FUNCTION portal_cancel_booking(parent_id uuid, booking_id uuid, now_at timestamptz, parent jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s sessions;
  b bookings;
  refusal text;
  kid_names text[];
  facts jsonb;
BEGIN
  refusal := portal_lock_own_booking(parent_id, booking_id, 'already-cancelled');
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  SELECT * INTO b FROM bookings WHERE id = booking_id;
  SELECT * INTO s FROM sessions WHERE id = b.session_id FOR UPDATE;
  IF s.starts_at <= now_at THEN
    RETURN jsonb_build_object('refusal', 'cancel-started');
  END IF;
  SELECT array_agg(bc.child_name ORDER BY bc.position) INTO kid_names FROM booking_children bc WHERE bc.booking_id = b.id;
  UPDATE bookings SET status = 'CANCELLED', cancelled_at = now_at, updated_at = now_at WHERE id = b.id RETURNING * INTO b;
  UPDATE sessions SET booked_count = booked_count - coalesce(cardinality(kid_names), 0), updated_at = now() WHERE id = s.id;
  facts := portal_booking_facts(b, s, kid_names, parent);
  INSERT INTO email_outbox (to_address, template, template_data) VALUES (parent ->> 'email', 'booking-cancelled', facts);
  RETURN jsonb_build_object('booking', facts);
END
$$;
--> statement-breakpoint
-- Moves the same children to another session: the new spots are taken and the old ones freed together. The
-- booking keeps its id (its reference); its calendar SEQUENCE goes up so calendars replace the earlier event.
CREATE OR REPLACE FUNCTION portal_reschedule_booking(parent_id uuid, booking_id uuid, new_session_id uuid, now_at timestamptz, parent jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  old_s sessions;
  new_s sessions;
  b bookings;
  refusal text;
  refused jsonb;
  kid_ids uuid[];
  kid_names text[];
  kid_limits integer[];
  previous jsonb;
  facts jsonb;
BEGIN
  refusal := portal_lock_own_booking(parent_id, booking_id, 'reschedule-not-confirmed');
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  SELECT * INTO b FROM bookings WHERE id = booking_id;
  IF b.session_id = new_session_id THEN
    RETURN jsonb_build_object('refusal', 'reschedule-same-session');
  END IF;
  -- Both sessions locked in id order, so two opposite moves cannot deadlock.
  PERFORM 1 FROM sessions WHERE id IN (b.session_id, new_session_id) ORDER BY id FOR UPDATE;
  SELECT * INTO new_s FROM sessions WHERE id = new_session_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refusal', 'session-not-found');
  END IF;
  SELECT * INTO old_s FROM sessions WHERE id = b.session_id;
  IF old_s.starts_at <= now_at THEN
    RETURN jsonb_build_object('refusal', 'reschedule-started');
  END IF;
  refusal := portal_unbookable(new_s, now_at);
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  PERFORM 1 FROM children c JOIN booking_children bc ON bc.child_id = c.id AND bc.booking_id = b.id ORDER BY c.id FOR UPDATE OF c;
  SELECT array_agg(c.id ORDER BY bc.position), array_agg(bc.child_name ORDER BY bc.position), array_agg(c.weekly_limit ORDER BY bc.position)
  INTO kid_ids, kid_names, kid_limits
  FROM booking_children bc JOIN children c ON c.id = bc.child_id WHERE bc.booking_id = b.id;
  refused := portal_refuse_children(new_s, coalesce(kid_ids, '{}'), coalesce(kid_names, '{}'), coalesce(kid_limits, '{}'), b.id);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;

  previous := portal_booking_facts(b, old_s, kid_names, parent);
  UPDATE bookings SET session_id = new_s.id, calendar_sequence = calendar_sequence + 1, updated_at = now_at
  WHERE id = b.id RETURNING * INTO b;
  UPDATE sessions SET booked_count = booked_count - coalesce(cardinality(kid_ids), 0), updated_at = now() WHERE id = old_s.id;
  UPDATE sessions SET booked_count = booked_count + coalesce(cardinality(kid_ids), 0), updated_at = now() WHERE id = new_s.id;
  facts := portal_booking_facts(b, new_s, kid_names, parent);
  INSERT INTO email_outbox (to_address, template, template_data)
  VALUES (parent ->> 'email', 'booking-rescheduled', jsonb_build_object('booking', facts, 'previous', previous));
  RETURN jsonb_build_object('booking', facts);
END
$$;
