-- Issue 29, item 15: one order for row locks (docs/decisions/022-lock-order-and-retries.md). Every transaction that
-- locks rows of these tables takes them in this order: sessions (by id), then children (by id), then bookings (by id);
-- a session's waitlist entries only under that session's lock. The account row (users) is locked FOR NO KEY UPDATE
-- only (the writes below take FOR KEY SHARE on it through their foreign keys, after their sessions and children).
-- Two instances' groups of repeatable writes (decision 016) locked call by call (a session, its children, the next
-- session…) and waited on each other in a circle: PostgreSQL failed one with "deadlock detected".
--
-- The rows a group of repeatable writes will lock, locked before its first call, in the order above: every session a
-- call books, joins, cancels or moves from or to (and a waitlist entry's), then every current child of the families
-- it acts for and of the entries waiting for a session a cancellation or a move frees spots in (a promotion books
-- them), then the bookings it cancels or moves. The calls then find their locks already held. Nothing is checked
-- here: a call that is refused afterwards has only held its rows a little longer. (A booking moved by another
-- instance between this reading and its lock fails the group at once, before any write, and the unit of work runs
-- it again: src/server/db/conflict-retry.ts.)
CREATE OR REPLACE FUNCTION portal_lock_repeatable_writes(calls jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  session_ids uuid[];
  family_ids uuid[];
  booking_ids uuid[];
  freeing uuid[];
BEGIN
  WITH call AS (
    SELECT (c ->> 'sessionId')::uuid AS session_id, (c ->> 'newSessionId')::uuid AS new_session_id,
           (c ->> 'bookingId')::uuid AS booking_id, (c ->> 'entryId')::uuid AS entry_id, c ? 'office' AS by_office,
           CASE WHEN c ? 'sessionHash' THEN (SELECT a.user_id FROM auth_sessions a WHERE a.token_hash = c ->> 'sessionHash')
                WHEN c ? 'office' THEN (c ->> 'familyId')::uuid
                ELSE (c ->> 'parentId')::uuid END AS family_id
    FROM jsonb_array_elements(calls) AS c
  ), named AS (
    -- A parent's call names only the parent's own booking or entry; the office's, any family's.
    SELECT call.session_id, call.new_session_id, coalesce(b.user_id, w.user_id, call.family_id) AS family_id,
           b.id AS booking_id, b.session_id AS freed_session_id, w.session_id AS entry_session_id
    FROM call
    LEFT JOIN bookings b ON b.id = call.booking_id AND (call.by_office OR b.user_id = call.family_id)
    LEFT JOIN waitlist_entries w ON w.id = call.entry_id AND (call.by_office OR w.user_id = call.family_id)
  )
  SELECT (SELECT array_agg(DISTINCT x.id) FROM named n,
            unnest(ARRAY[n.session_id, n.new_session_id, n.freed_session_id, n.entry_session_id]) AS x(id) WHERE x.id IS NOT NULL),
         (SELECT array_agg(DISTINCT n.family_id) FROM named n WHERE n.family_id IS NOT NULL),
         (SELECT array_agg(DISTINCT n.booking_id) FROM named n WHERE n.booking_id IS NOT NULL),
         (SELECT array_agg(DISTINCT n.freed_session_id) FROM named n WHERE n.freed_session_id IS NOT NULL)
  INTO session_ids, family_ids, booking_ids, freeing;
  PERFORM 1 FROM sessions WHERE id = ANY (session_ids) ORDER BY id FOR UPDATE;
  PERFORM 1 FROM children c WHERE c.id = ANY (ARRAY(
      SELECT k.id FROM children k WHERE k.user_id = ANY (family_ids) AND k.removed_at IS NULL
      UNION
      SELECT k.id FROM waitlist_entries w, unnest(w.child_ids) AS k(id) WHERE w.session_id = ANY (freeing) AND w.status = 'WAITING'))
    AND c.removed_at IS NULL
  ORDER BY c.id FOR UPDATE;
  PERFORM 1 FROM bookings WHERE id = ANY (booking_ids) ORDER BY id FOR UPDATE;
  -- A booking moved to another session while this waited for the locks (another instance's reschedule committed):
  -- its new session would be locked late, out of order. Nothing is written yet; the unit of work runs the group
  -- again (a serialization failure, src/server/db/conflict-retry.ts), which reads the bookings afresh.
  IF EXISTS (SELECT 1 FROM bookings WHERE id = ANY (booking_ids) AND NOT (session_id = ANY (session_ids))) THEN
    RAISE EXCEPTION 'a booking of this group moved to another session while it waited for its locks'
      USING ERRCODE = 'serialization_failure';
  END IF;
END
$$;
--> statement-breakpoint
-- portal_repeatable_writes of migration 0014, its group's rows locked first (above).
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
  PERFORM portal_lock_repeatable_writes(calls);
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
      ELSIF c ->> 'op' IN ('leave-waitlist', 'promote-waitlist') THEN
        SELECT u.id, u.first_name, u.last_name, u.email INTO family
        FROM waitlist_entries w JOIN users u ON u.id = w.user_id WHERE w.id = (c ->> 'entryId')::uuid;
      ELSE
        SELECT u.id, u.first_name, u.last_name, u.email INTO family
        FROM bookings b JOIN users u ON u.id = b.user_id WHERE b.id = (c ->> 'bookingId')::uuid;
      END IF;
      IF NOT FOUND THEN
        answers := answers || jsonb_build_array(jsonb_build_object('userId', key_owner,
          'refusal', CASE c ->> 'op' WHEN 'book' THEN 'family-not-found' WHEN 'cancel' THEN 'booking-not-found'
            WHEN 'reschedule' THEN 'booking-not-found' ELSE 'waitlist-entry-not-found' END));
        CONTINUE;
      END IF;
      parent_id := family.id;
      parent := jsonb_build_object('firstName', family.first_name, 'lastName', family.last_name, 'email', family.email);
    END IF;
    answer := CASE c ->> 'op'
      WHEN 'book' THEN portal_book(parent_id, (c ->> 'sessionId')::uuid,
        ARRAY(SELECT jsonb_array_elements_text(c -> 'childNames')), (c ->> 'now')::timestamptz, parent, office)
      WHEN 'cancel' THEN portal_cancel_booking(parent_id, (c ->> 'bookingId')::uuid, (c ->> 'now')::timestamptz, parent, office,
        (c ->> 'waitlistClosesBefore')::timestamptz)
      WHEN 'reschedule' THEN portal_reschedule_booking(parent_id, (c ->> 'bookingId')::uuid,
        (c ->> 'newSessionId')::uuid, (c ->> 'now')::timestamptz, parent, office, (c ->> 'waitlistClosesBefore')::timestamptz)
      WHEN 'join-waitlist' THEN portal_join_waitlist(parent_id, (c ->> 'sessionId')::uuid,
        ARRAY(SELECT jsonb_array_elements_text(c -> 'childNames')), (c ->> 'now')::timestamptz, (c ->> 'waitlistClosesBefore')::timestamptz)
      WHEN 'leave-waitlist' THEN portal_leave_waitlist(parent_id, (c ->> 'entryId')::uuid, (c ->> 'now')::timestamptz, office)
      WHEN 'promote-waitlist' THEN portal_promote_waitlist_entry(parent_id, (c ->> 'entryId')::uuid, (c ->> 'now')::timestamptz,
        (c ->> 'waitlistClosesBefore')::timestamptz, parent, office)
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
ALTER FUNCTION portal_repeatable_writes(jsonb) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- portal_cancel_booking of migration 0014, the session locked before the booking (one statement added, marked).
CREATE OR REPLACE FUNCTION portal_cancel_booking(parent_id uuid, booking_id uuid, now_at timestamptz, parent jsonb, office jsonb, closes_before timestamptz)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_cancel_booking.sql'; END $superseded$;
--> statement-breakpoint
-- portal_reschedule_booking of migration 0014, the sessions and children locked before the booking (two statements
-- added, marked).
CREATE OR REPLACE FUNCTION portal_reschedule_booking(parent_id uuid, booking_id uuid, new_session_id uuid, now_at timestamptz, parent jsonb, office jsonb, closes_before timestamptz)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_reschedule_booking.sql'; END $superseded$;
