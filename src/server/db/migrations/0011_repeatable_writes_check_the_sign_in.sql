-- Issue 18: a parent's repeatable write (book, cancel, reschedule) checks the sign-in behind its cookie in the
-- same statement as the write, instead of a separate lookup before it (docs/decisions/017-sign-in-checked-by-the-write.md).
-- A call carries either the parent the server already signed in ({parentId, parent}, as in 0010) or
--   {sessionHash, expiresAfter, idleCutoff, idleCutoffs: {role: cutoff}, touchBefore}
-- and is then run for the user of that sign-in only if it is still valid: the session row exists, has not
-- expired (expires_at after `expiresAfter`), was last used at or after the idle cutoff of the user's role, and
-- the account is active: the same rules as services/auth/session-user.ts, read inside the write's transaction. A
-- sign-in that is not valid answers {signedOut: true}; nothing is claimed or written for it. A valid one last
-- used before `touchBefore` has its last_seen_at moved to the call's `now`, as a lookup would.
-- Every other answer now also says whose it is (`userId`), for the stored Idempotency-Key answers.
CREATE OR REPLACE FUNCTION portal_repeatable_writes(calls jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  answers jsonb := '[]'::jsonb;
  claimed boolean;
  stored idempotency_keys;
  answer jsonb;
  parent_id uuid;
  parent jsonb;
  signed_in record;
BEGIN
  FOR c IN SELECT value FROM jsonb_array_elements(calls) LOOP
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
    ELSE
      parent_id := (c ->> 'parentId')::uuid;
      parent := c -> 'parent';
    END IF;
    IF c ? 'key' THEN
      claimed := NULL;
      INSERT INTO idempotency_keys AS k (user_id, key, request_hash, response_status, response_body, created_at)
      VALUES (parent_id, c ->> 'key', c ->> 'requestHash', 0, NULL, (c ->> 'now')::timestamptz)
      ON CONFLICT (user_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, response_status = 0, response_body = NULL, created_at = EXCLUDED.created_at
        WHERE k.created_at < (c ->> 'keyCutoff')::timestamptz
      RETURNING true INTO claimed;
      IF claimed IS NULL THEN
        SELECT * INTO stored FROM idempotency_keys WHERE user_id = parent_id AND key = c ->> 'key';
        answers := answers || jsonb_build_array(jsonb_build_object('userId', parent_id, 'stored', jsonb_build_object(
          'requestHash', stored.request_hash, 'status', stored.response_status, 'body', stored.response_body)));
        CONTINUE;
      END IF;
    END IF;
    answer := CASE c ->> 'op'
      WHEN 'book' THEN portal_book(parent_id, (c ->> 'sessionId')::uuid,
        ARRAY(SELECT jsonb_array_elements_text(c -> 'childNames')), (c ->> 'now')::timestamptz, parent)
      WHEN 'cancel' THEN portal_cancel_booking(parent_id, (c ->> 'bookingId')::uuid, (c ->> 'now')::timestamptz, parent)
      WHEN 'reschedule' THEN portal_reschedule_booking(parent_id, (c ->> 'bookingId')::uuid,
        (c ->> 'newSessionId')::uuid, (c ->> 'now')::timestamptz, parent)
    END;
    IF answer IS NULL THEN
      RAISE EXCEPTION 'unknown repeatable write %', c ->> 'op';
    END IF;
    answers := answers || jsonb_build_array(answer || jsonb_build_object('userId', parent_id));
  END LOOP;
  RETURN answers;
END
$$;
--> statement-breakpoint
ALTER FUNCTION portal_repeatable_writes(jsonb) SET plan_cache_mode = force_generic_plan;
