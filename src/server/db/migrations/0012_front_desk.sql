CREATE TABLE "office_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"admin_id" uuid,
	"admin_name" text NOT NULL,
	"action" text NOT NULL,
	"booking_id" uuid,
	"note" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "office_actions_action_check" CHECK ("office_actions"."action" in ('BOOK', 'CANCEL', 'RESCHEDULE', 'DELETE_FAMILY'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by" text DEFAULT 'FAMILY' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by_admin_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by_admin_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "office_note" text;--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_actions_family_idx" ON "office_actions" USING btree ("family_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_admin_id_users_id_fk" FOREIGN KEY ("booked_by_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_check" CHECK ("bookings"."booked_by" in ('FAMILY', 'OFFICE'));--> statement-breakpoint
-- Issue 19, the front desk: the office books, cancels and moves a family's bookings through the same functions as
-- the family, with `office` = {adminId, adminName, note, overrideWeeklyLimit, quiet} (docs/decisions/018-front-desk.md).
-- Differences for the office: any future session (no two-week window), a child's weekly limit passed over only
-- with overrideWeeklyLimit (the route requires a note then), the booking marked OFFICE with who and the note,
-- and every action recorded in office_actions. Capacity, ownership, duplicates and "not after the start" hold
-- exactly as for the family. `quiet` (the family's deletion) queues no e-mail per cancellation.
CREATE OR REPLACE FUNCTION portal_booking_facts(b bookings, s sessions, child_names text[], parent jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
    'booking', jsonb_build_object('id', b.id, 'status', b.status, 'calendarSequence', b.calendar_sequence, 'createdAt', b.created_at,
      'userId', b.user_id, 'bookedBy', b.booked_by, 'bookedByName', b.booked_by_admin_name, 'note', b.office_note),
    'session', jsonb_build_object('id', s.id, 'startsAt', s.starts_at, 'endsAt', s.ends_at, 'location', s.location),
    'classType', (SELECT jsonb_build_object('id', ct.id, 'code', ct.code, 'name', ct.name, 'description', ct.description)
                  FROM class_types ct WHERE ct.id = s.class_type_id),
    'childNames', to_jsonb(coalesce(child_names, '{}'::text[])),
    'user', parent);
END
$$;
--> statement-breakpoint
-- One office action, with what it was about as it read then.
CREATE OR REPLACE FUNCTION portal_record_office_action(office jsonb, family_id uuid, action text, booking_id uuid, details jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO office_actions (family_id, admin_id, admin_name, action, booking_id, note, details)
  VALUES (family_id, (office ->> 'adminId')::uuid, office ->> 'adminName', action, booking_id, nullif(office ->> 'note', ''), details);
END
$$;
--> statement-breakpoint
-- The limits a booking checks: the children's own, or none the office overrides.
CREATE OR REPLACE FUNCTION portal_limits_for(kid_limits integer[], office jsonb) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN coalesce((office ->> 'overrideWeeklyLimit')::boolean, false)
    THEN array_fill(2147483646, ARRAY[coalesce(cardinality(kid_limits), 0)]) ELSE kid_limits END
$$;
--> statement-breakpoint
DROP FUNCTION portal_book(uuid, uuid, text[], timestamptz, jsonb);
--> statement-breakpoint
CREATE FUNCTION portal_book(parent_id uuid, session_id uuid, child_names text[], now_at timestamptz, parent jsonb, office jsonb DEFAULT NULL)
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
  IF refusal = 'outside-window' AND office IS NOT NULL THEN
    refusal := NULL;
  END IF;
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  -- The named children, only current ones (a removed child is kept for their past bookings and cannot be
  -- booked), locked in id order, read in the order chosen.
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
  refused := portal_refuse_children(s, kid_ids, kid_names, portal_limits_for(kid_limits, office), NULL);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;

  INSERT INTO bookings (user_id, session_id, status, booked_by, booked_by_admin_id, booked_by_admin_name, office_note)
  VALUES (parent_id, s.id, 'CONFIRMED', CASE WHEN office IS NULL THEN 'FAMILY' ELSE 'OFFICE' END,
          (office ->> 'adminId')::uuid, office ->> 'adminName', nullif(office ->> 'note', ''))
  RETURNING * INTO b;
  facts := portal_booking_facts(b, s, kid_names, parent);
  WITH kids AS (
    INSERT INTO booking_children (booking_id, child_id, child_name, position)
    SELECT b.id, k.id, k.name, k.ord - 1 FROM unnest(kid_ids, kid_names) WITH ORDINALITY AS k(id, name, ord)
  ), spots AS (
    UPDATE sessions SET booked_count = booked_count + cardinality(kid_ids), updated_at = now() WHERE id = s.id
  )
  INSERT INTO email_outbox (to_address, template, template_data) VALUES (parent ->> 'email', 'booking-confirmed', facts);
  IF office IS NOT NULL THEN
    PERFORM portal_record_office_action(office, parent_id, 'BOOK', b.id, jsonb_build_object(
      'session', facts -> 'session', 'className', facts -> 'classType' ->> 'name', 'childNames', facts -> 'childNames',
      'overrideWeeklyLimit', coalesce((office ->> 'overrideWeeklyLimit')::boolean, false)));
  END IF;
  RETURN jsonb_build_object('booking', facts);
END
$$;
--> statement-breakpoint
DROP FUNCTION portal_cancel_booking(uuid, uuid, timestamptz, jsonb);
--> statement-breakpoint
-- Cancels one of the family's future bookings and frees its spots.
CREATE FUNCTION portal_cancel_booking(parent_id uuid, booking_id uuid, now_at timestamptz, parent jsonb, office jsonb DEFAULT NULL)
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
  -- The calendar event's SEQUENCE goes up: the e-mail's cancelling calendar file replaces the earlier event.
  UPDATE bookings SET status = 'CANCELLED', cancelled_at = now_at, updated_at = now_at, calendar_sequence = calendar_sequence + 1
  WHERE id = b.id RETURNING * INTO b;
  UPDATE sessions SET booked_count = booked_count - coalesce(cardinality(kid_names), 0), updated_at = now() WHERE id = s.id;
  facts := portal_booking_facts(b, s, kid_names, parent);
  IF NOT coalesce((office ->> 'quiet')::boolean, false) THEN
    INSERT INTO email_outbox (to_address, template, template_data) VALUES (parent ->> 'email', 'booking-cancelled', facts);
  END IF;
  IF office IS NOT NULL THEN
    PERFORM portal_record_office_action(office, parent_id, 'CANCEL', b.id, jsonb_build_object(
      'session', facts -> 'session', 'className', facts -> 'classType' ->> 'name', 'childNames', facts -> 'childNames'));
  END IF;
  RETURN jsonb_build_object('booking', facts);
END
$$;
--> statement-breakpoint
DROP FUNCTION portal_reschedule_booking(uuid, uuid, uuid, timestamptz, jsonb);
--> statement-breakpoint
-- Moves the same children to another session: the new spots are taken and the old ones freed together. The
-- booking keeps its id (its reference); its calendar SEQUENCE goes up so calendars replace the earlier event.
CREATE FUNCTION portal_reschedule_booking(parent_id uuid, booking_id uuid, new_session_id uuid, now_at timestamptz, parent jsonb, office jsonb DEFAULT NULL)
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
  IF refusal = 'outside-window' AND office IS NOT NULL THEN
    refusal := NULL;
  END IF;
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  PERFORM 1 FROM children c JOIN booking_children bc ON bc.child_id = c.id AND bc.booking_id = b.id ORDER BY c.id FOR UPDATE OF c;
  SELECT array_agg(c.id ORDER BY bc.position), array_agg(bc.child_name ORDER BY bc.position), array_agg(c.weekly_limit ORDER BY bc.position)
  INTO kid_ids, kid_names, kid_limits
  FROM booking_children bc JOIN children c ON c.id = bc.child_id WHERE bc.booking_id = b.id;
  refused := portal_refuse_children(new_s, coalesce(kid_ids, '{}'), coalesce(kid_names, '{}'),
    portal_limits_for(coalesce(kid_limits, '{}'), office), b.id);
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
  IF office IS NOT NULL THEN
    PERFORM portal_record_office_action(office, parent_id, 'RESCHEDULE', b.id, jsonb_build_object(
      'session', facts -> 'session', 'previousSession', previous -> 'session', 'className', facts -> 'classType' ->> 'name',
      'childNames', facts -> 'childNames', 'overrideWeeklyLimit', coalesce((office ->> 'overrideWeeklyLimit')::boolean, false)));
  END IF;
  RETURN jsonb_build_object('booking', facts);
END
$$;
--> statement-breakpoint
-- The repeatable writes of migration 0011, with a third kind of caller: the office, {office: {adminId, adminName,
-- note, overrideWeeklyLimit}}, acting for the family of `familyId` (a booking) or of the booking (a cancellation or
-- a reschedule); a family that does not exist (or was deleted) is 'family-not-found'. The office's key belongs to
-- the administrator. Every answer but `signedOut` says whose key it was (`userId`).
CREATE OR REPLACE FUNCTION portal_repeatable_writes(calls jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  answers jsonb := '[]'::jsonb;
  claimed boolean;
  stored idempotency_keys;
  answer jsonb;
  parent_id uuid;
  key_owner uuid;
  parent jsonb;
  office jsonb;
  signed_in record;
  family record;
BEGIN
  FOR c IN SELECT value FROM jsonb_array_elements(calls) LOOP
    office := c -> 'office';
    IF c ? 'sessionHash' THEN
      SELECT u.id, u.first_name, u.last_name, u.email, s.last_seen_at INTO signed_in
      FROM auth_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = c ->> 'sessionHash'
        AND s.expires_at > (c ->> 'expiresAfter')::timestamptz
        AND u.is_active
        AND s.last_seen_at >= coalesce(c -> 'idleCutoffs' ->> u.role, c ->> 'idleCutoff')::timestamptz;
      IF NOT FOUND THEN
        answers := answers || jsonb_build_array(jsonb_build_object('signedOut', true));
        CONTINUE;
      END IF;
      parent_id := signed_in.id;
      parent := jsonb_build_object('firstName', signed_in.first_name, 'lastName', signed_in.last_name, 'email', signed_in.email);
      IF signed_in.last_seen_at < (c ->> 'touchBefore')::timestamptz THEN
        UPDATE auth_sessions SET last_seen_at = (c ->> 'now')::timestamptz
        WHERE token_hash = c ->> 'sessionHash' AND last_seen_at < (c ->> 'touchBefore')::timestamptz;
      END IF;
      key_owner := parent_id;
    ELSIF office IS NOT NULL THEN
      key_owner := (office ->> 'adminId')::uuid;
    ELSE
      parent_id := (c ->> 'parentId')::uuid;
      parent := c -> 'parent';
      key_owner := parent_id;
    END IF;
    IF c ? 'key' THEN
      claimed := NULL;
      INSERT INTO idempotency_keys AS k (user_id, key, request_hash, response_status, response_body, created_at)
      VALUES (key_owner, c ->> 'key', c ->> 'requestHash', 0, NULL, (c ->> 'now')::timestamptz)
      ON CONFLICT (user_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, response_status = 0, response_body = NULL, created_at = EXCLUDED.created_at
        WHERE k.created_at < (c ->> 'keyCutoff')::timestamptz
      RETURNING true INTO claimed;
      IF claimed IS NULL THEN
        SELECT * INTO stored FROM idempotency_keys WHERE user_id = key_owner AND key = c ->> 'key';
        answers := answers || jsonb_build_array(jsonb_build_object('userId', key_owner, 'stored', jsonb_build_object(
          'requestHash', stored.request_hash, 'status', stored.response_status, 'body', stored.response_body)));
        CONTINUE;
      END IF;
    END IF;
    IF office IS NOT NULL THEN
      IF c ->> 'op' = 'book' THEN
        SELECT u.id, u.first_name, u.last_name, u.email INTO family
        FROM users u WHERE u.id = (c ->> 'familyId')::uuid AND u.deleted_at IS NULL;
      ELSE
        SELECT u.id, u.first_name, u.last_name, u.email INTO family
        FROM bookings b JOIN users u ON u.id = b.user_id WHERE b.id = (c ->> 'bookingId')::uuid;
      END IF;
      IF NOT FOUND THEN
        answers := answers || jsonb_build_array(jsonb_build_object('userId', key_owner,
          'refusal', CASE WHEN c ->> 'op' = 'book' THEN 'family-not-found' ELSE 'booking-not-found' END));
        CONTINUE;
      END IF;
      parent_id := family.id;
      parent := jsonb_build_object('firstName', family.first_name, 'lastName', family.last_name, 'email', family.email);
    END IF;
    answer := CASE c ->> 'op'
      WHEN 'book' THEN portal_book(parent_id, (c ->> 'sessionId')::uuid,
        ARRAY(SELECT jsonb_array_elements_text(c -> 'childNames')), (c ->> 'now')::timestamptz, parent, office)
      WHEN 'cancel' THEN portal_cancel_booking(parent_id, (c ->> 'bookingId')::uuid, (c ->> 'now')::timestamptz, parent, office)
      WHEN 'reschedule' THEN portal_reschedule_booking(parent_id, (c ->> 'bookingId')::uuid,
        (c ->> 'newSessionId')::uuid, (c ->> 'now')::timestamptz, parent, office)
    END;
    IF answer IS NULL THEN
      RAISE EXCEPTION 'unknown repeatable write %', c ->> 'op';
    END IF;
    answers := answers || jsonb_build_array(answer || jsonb_build_object('userId', key_owner));
  END LOOP;
  RETURN answers;
END
$$;
--> statement-breakpoint
-- CREATE OR REPLACE drops a function's settings: the group's statement keeps its generic plans (decision 017).
ALTER FUNCTION portal_repeatable_writes(jsonb) SET plan_cache_mode = force_generic_plan;
