-- Issue 18: the parents' repeatable writes (book, cancel, reschedule) grouped into one transaction
-- (docs/decisions/016-grouped-repeatable-writes.md). Concurrent requests are collected by the server and run here
-- in one statement, one after the other in arrival order, each seeing the ones before it (so capacity and weekly
-- limits hold exactly as if they had been separate transactions). Each call is
--   {op: 'book'|'cancel'|'reschedule', parentId, sessionId|bookingId, childNames, newSessionId, now, parent,
--    key?, requestHash?, keyCutoff?}
-- With a key (decision 013) the key is claimed first: a live key (seen within the window, i.e. created after its
-- `keyCutoff`) answers `{stored: {requestHash, status, body}}` and nothing runs; the server writes the answers
-- of the claimed keys before the commit. Without a key the call just runs. Refusals are values, so one family's
-- refusal never undoes another's booking; an error aborts the whole group and the server runs each call alone.
CREATE OR REPLACE FUNCTION portal_repeatable_writes(calls jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  answers jsonb := '[]'::jsonb;
  claimed boolean;
  stored idempotency_keys;
  answer jsonb;
BEGIN
  FOR c IN SELECT value FROM jsonb_array_elements(calls) LOOP
    IF c ? 'key' THEN
      claimed := NULL;
      INSERT INTO idempotency_keys AS k (user_id, key, request_hash, response_status, response_body, created_at)
      VALUES ((c ->> 'parentId')::uuid, c ->> 'key', c ->> 'requestHash', 0, NULL, (c ->> 'now')::timestamptz)
      ON CONFLICT (user_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, response_status = 0, response_body = NULL, created_at = EXCLUDED.created_at
        WHERE k.created_at < (c ->> 'keyCutoff')::timestamptz
      RETURNING true INTO claimed;
      IF claimed IS NULL THEN
        SELECT * INTO stored FROM idempotency_keys WHERE user_id = (c ->> 'parentId')::uuid AND key = c ->> 'key';
        answers := answers || jsonb_build_array(jsonb_build_object('stored', jsonb_build_object(
          'requestHash', stored.request_hash, 'status', stored.response_status, 'body', stored.response_body)));
        CONTINUE;
      END IF;
    END IF;
    answer := CASE c ->> 'op'
      WHEN 'book' THEN portal_book((c ->> 'parentId')::uuid, (c ->> 'sessionId')::uuid,
        ARRAY(SELECT jsonb_array_elements_text(c -> 'childNames')), (c ->> 'now')::timestamptz, c -> 'parent')
      WHEN 'cancel' THEN portal_cancel_booking((c ->> 'parentId')::uuid, (c ->> 'bookingId')::uuid,
        (c ->> 'now')::timestamptz, c -> 'parent')
      WHEN 'reschedule' THEN portal_reschedule_booking((c ->> 'parentId')::uuid, (c ->> 'bookingId')::uuid,
        (c ->> 'newSessionId')::uuid, (c ->> 'now')::timestamptz, c -> 'parent')
    END;
    IF answer IS NULL THEN
      RAISE EXCEPTION 'unknown repeatable write %', c ->> 'op';
    END IF;
    answers := answers || jsonb_build_array(answer);
  END LOOP;
  RETURN answers;
END
$$;
