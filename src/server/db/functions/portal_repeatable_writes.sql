-- A group of the parents' repeatable writes (decisions 013, 016, 017) in one statement: locks the group's rows first,
-- in the one order (portal_lock_repeatable_writes, decision 022), then for each call in order checks its sign-in on
-- its session row, claims its idempotency key (or answers the stored answer of a repeat) and runs it; each call sees
-- the writes before it.
CREATE OR REPLACE FUNCTION public.portal_repeatable_writes(calls jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
$function$;
