-- A group of the parents' repeatable writes (decisions 013, 016, 017) in one statement: locks the group's rows first,
-- in the one order (portal_lock_repeatable_writes, decision 022), then for each call in order checks its sign-in on
-- its session row, claims its idempotency key (or answers the stored answer of a repeat) and runs it; each call sees
-- the writes before it. An office call carries `activity` (issue 34): its row changes become its own activity entry,
-- written right after it (the group's other calls are the families' own and are not logged).
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
      SELECT u.id, u.family_id, u.first_name, u.last_name, u.email, s.last_seen_at INTO signed_in
      FROM auth_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = c ->> 'sessionHash'
        AND s.expires_at > (c ->> 'expiresAfter')::timestamptz
        AND u.is_active
        AND s.last_seen_at >= coalesce(c -> 'idleCutoffs' ->> u.role, c ->> 'idleCutoff')::timestamptz;
      IF NOT FOUND THEN
        answers := answers || jsonb_build_array(jsonb_build_object('signedOut', true));
        CONTINUE;
      END IF;
      -- The family the guardian acts for (decision 027); the guardian is who acted (who booked, whom e-mails go to first).
      parent_id := signed_in.family_id;
      parent := jsonb_build_object('id', signed_in.id, 'firstName', signed_in.first_name, 'lastName', signed_in.last_name, 'email', signed_in.email);
      IF signed_in.last_seen_at < (c ->> 'touchBefore')::timestamptz THEN
        UPDATE auth_sessions SET last_seen_at = (c ->> 'now')::timestamptz
        WHERE token_hash = c ->> 'sessionHash' AND last_seen_at < (c ->> 'touchBefore')::timestamptz;
      END IF;
      key_owner := signed_in.id;
    ELSIF office IS NOT NULL THEN
      key_owner := (office ->> 'adminId')::uuid;
    ELSE
      parent_id := (c ->> 'familyId')::uuid;
      parent := c -> 'parent';
      key_owner := (parent ->> 'id')::uuid;
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
        -- The office names the family by one of its guardians' live accounts (issue 31).
        SELECT f.id INTO family FROM users u JOIN families f ON f.id = u.family_id
        WHERE u.id = (c ->> 'familyId')::uuid AND u.deleted_at IS NULL AND f.deleted_at IS NULL;
      ELSIF c ->> 'op' IN ('leave-waitlist', 'promote-waitlist') THEN
        SELECT w.family_id AS id INTO family FROM waitlist_entries w WHERE w.id = (c ->> 'entryId')::uuid;
      ELSE
        SELECT b.family_id AS id INTO family FROM bookings b WHERE b.id = (c ->> 'bookingId')::uuid;
      END IF;
      IF NOT FOUND THEN
        answers := answers || jsonb_build_array(jsonb_build_object('userId', key_owner,
          'refusal', CASE c ->> 'op' WHEN 'book' THEN 'family-not-found' WHEN 'cancel' THEN 'booking-not-found'
            WHEN 'reschedule' THEN 'booking-not-found' ELSE 'waitlist-entry-not-found' END));
        CONTINUE;
      END IF;
      parent_id := family.id;
      -- The office acted: the answer names the family's first guardian; e-mails go to every guardian.
      parent := portal_family_guardian(family.id, NULL) - 'id';
      IF c ? 'activity' THEN
        PERFORM set_config('portal.activity_actor', (c -> 'activity')::text, true);
      END IF;
    END IF;
    answer := CASE c ->> 'op'
      WHEN 'book' THEN portal_book(parent_id, (c ->> 'sessionId')::uuid,
        ARRAY(SELECT jsonb_array_elements_text(c -> 'childNames')), (c ->> 'now')::timestamptz, parent, office)
      -- Issue 32: `childNames` names the children cancelled or moved (absent: the whole booking).
      WHEN 'cancel' THEN portal_cancel_booking_children(parent_id, (c ->> 'bookingId')::uuid, (c ->> 'now')::timestamptz, parent, office,
        (c ->> 'waitlistClosesBefore')::timestamptz,
        CASE WHEN jsonb_typeof(c -> 'childNames') = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(c -> 'childNames')) END)
      WHEN 'reschedule' THEN portal_reschedule_booking_children(parent_id, (c ->> 'bookingId')::uuid,
        (c ->> 'newSessionId')::uuid, (c ->> 'now')::timestamptz, parent, office, (c ->> 'waitlistClosesBefore')::timestamptz,
        CASE WHEN jsonb_typeof(c -> 'childNames') = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(c -> 'childNames')) END)
      WHEN 'join-waitlist' THEN portal_join_waitlist(parent_id, (c ->> 'sessionId')::uuid,
        ARRAY(SELECT jsonb_array_elements_text(c -> 'childNames')), (c ->> 'now')::timestamptz, (c ->> 'waitlistClosesBefore')::timestamptz)
      WHEN 'leave-waitlist' THEN portal_leave_waitlist(parent_id, (c ->> 'entryId')::uuid, (c ->> 'now')::timestamptz, office)
      WHEN 'promote-waitlist' THEN portal_promote_waitlist_entry(parent_id, (c ->> 'entryId')::uuid, (c ->> 'now')::timestamptz,
        (c ->> 'waitlistClosesBefore')::timestamptz, parent, office)
    END;
    IF answer IS NULL THEN
      RAISE EXCEPTION 'unknown repeatable write %', c ->> 'op';
    END IF;
    IF c ? 'activity' AND office IS NOT NULL THEN
      PERFORM portal_activity_flush();
      PERFORM set_config('portal.activity_actor', '', true);
    END IF;
    -- Who of the family joined (issue 31): their e-mail comes first when the entry is promoted.
    IF c ->> 'op' = 'join-waitlist' AND answer ? 'entry' AND office IS NULL THEN
      UPDATE waitlist_entries SET joined_by_user_id = (parent ->> 'id')::uuid WHERE id = (answer -> 'entry' ->> 'id')::uuid;
    END IF;
    answers := answers || jsonb_build_array(answer || jsonb_build_object('userId', key_owner));
  END LOOP;
  RETURN answers;
END
$function$;
