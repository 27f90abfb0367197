-- Issue 18: the booking functions of migration 0008 at a lower database cost (docs/decisions/015-booking-in-one-statement.md,
-- "Measured costs"). Same rules, same refusals, same locks in the same order; what changes is how much work
-- PostgreSQL does per call:
-- * Helpers written in SQL that PostgreSQL cannot inline (a set-returning function, a body with a sub-select)
--   were parsed and planned again on every call; as PL/pgSQL their plans are cached per connection.
-- * The change-topic triggers of bookings and children read their user_id directly instead of turning the whole
--   row into JSON, and the sessions trigger compares rows instead of two JSON copies of them.
-- * portal_book locks and reads the named children in one statement, and writes the children, the spots and
--   the e-mail in one.
CREATE OR REPLACE FUNCTION portal_weekly_usage(child_ids uuid[], week_of timestamptz, exclude_booking uuid DEFAULT NULL)
RETURNS TABLE (child_id uuid, used integer) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
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
  GROUP BY t.child_id;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_booking_facts(b bookings, s sessions, child_names text[], parent jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
    'booking', jsonb_build_object('id', b.id, 'status', b.status, 'calendarSequence', b.calendar_sequence, 'createdAt', b.created_at),
    'session', jsonb_build_object('id', s.id, 'startsAt', s.starts_at, 'endsAt', s.ends_at, 'location', s.location),
    'classType', (SELECT jsonb_build_object('id', ct.id, 'code', ct.code, 'name', ct.name, 'description', ct.description)
                  FROM class_types ct WHERE ct.id = s.class_type_id),
    'childNames', to_jsonb(coalesce(child_names, '{}'::text[])),
    'user', parent);
END
$$;
--> statement-breakpoint
-- Rows that carry their account's id in user_id (children, bookings).
CREATE OR REPLACE FUNCTION portal_notify_user_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM portal_announce('user:' || OLD.user_id::text);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM portal_announce('user:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER children_notify ON children;
--> statement-breakpoint
CREATE TRIGGER children_notify AFTER INSERT OR UPDATE OR DELETE ON children
  FOR EACH ROW EXECUTE FUNCTION portal_notify_user_rows();
--> statement-breakpoint
DROP TRIGGER bookings_notify ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_notify AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION portal_notify_user_rows();
--> statement-breakpoint
-- Sessions: every change moves the calendar (booked_count included); a change of anything else a booking shows
-- also stales every "my bookings" list. The old row with the new count and time stamp equal to the new row
-- means only the count moved (any column added later is compared too).
CREATE OR REPLACE FUNCTION portal_notify_session_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted sessions;
BEGIN
  PERFORM portal_announce('calendar');
  IF TG_OP = 'DELETE' THEN
    PERFORM portal_announce('bookings');
  ELSIF TG_OP = 'UPDATE' THEN
    counted := OLD;
    counted.booked_count := NEW.booked_count;
    counted.updated_at := NEW.updated_at;
    IF counted IS DISTINCT FROM NEW THEN
      PERFORM portal_announce('bookings');
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The checks of migration 0008, with the "already booked here" lookup starting from the children's own booking
-- rows (a handful) instead of the session's bookings (up to a hundred, read on every booking of a filling session).
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
  WITH theirs AS MATERIALIZED (
    SELECT bc.booking_id, bc.child_name FROM booking_children bc WHERE bc.child_id = ANY (kid_ids)
  )
  SELECT array_agg(t.child_name ORDER BY t.child_name) INTO already
  FROM theirs t JOIN bookings b ON b.id = t.booking_id
  WHERE b.session_id = s.id AND b.status = 'CONFIRMED' AND (exclude_booking IS NULL OR b.id <> exclude_booking);
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
  -- The named children, only current ones (a removed child is kept for their past bookings and cannot be
  -- booked), locked in id order, read in the order the parent chose.
  SELECT array_agg(k.id ORDER BY k.ord), array_agg(k.name ORDER BY k.ord), array_agg(k.weekly_limit ORDER BY k.ord)
  INTO kid_ids, kid_names, kid_limits
  FROM (SELECT c.id, c.name, c.weekly_limit, a.ord
        FROM unnest(child_names) WITH ORDINALITY AS a(n, ord)
        JOIN children c ON c.user_id = parent_id AND c.removed_at IS NULL AND lower(c.name) = lower(btrim(a.n))
        ORDER BY c.id
        FOR UPDATE OF c) k;
  IF coalesce(cardinality(kid_ids), 0) < cardinality(child_names) THEN
    SELECT array_agg(a.n ORDER BY a.ord) INTO missing
    FROM unnest(child_names) WITH ORDINALITY AS a(n, ord)
    WHERE NOT EXISTS (SELECT 1 FROM children c WHERE c.user_id = parent_id AND c.removed_at IS NULL AND lower(c.name) = lower(btrim(a.n)));
    RETURN jsonb_build_object('refusal', 'not-your-children', 'names', to_jsonb(missing));
  END IF;
  refused := portal_refuse_children(s, kid_ids, kid_names, kid_limits, NULL);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;

  INSERT INTO bookings (user_id, session_id, status) VALUES (parent_id, s.id, 'CONFIRMED') RETURNING * INTO b;
  facts := portal_booking_facts(b, s, kid_names, parent);
  WITH kids AS (
    INSERT INTO booking_children (booking_id, child_id, child_name, position)
    SELECT b.id, k.id, k.name, k.ord - 1 FROM unnest(kid_ids, kid_names) WITH ORDINALITY AS k(id, name, ord)
  ), spots AS (
    UPDATE sessions SET booked_count = booked_count + cardinality(kid_ids), updated_at = now() WHERE id = s.id
  )
  INSERT INTO email_outbox (to_address, template, template_data) VALUES (parent ->> 'email', 'booking-confirmed', facts);
  RETURN jsonb_build_object('booking', facts);
END
$$;
--> statement-breakpoint
-- The unit of work no longer sends its topics in its commit message: the instance drops them from its own caches
-- at once and announces many commits' topics in one statement (cache/read-caches.ts, `committed`).
DROP FUNCTION IF EXISTS portal_announce_committed(text);
