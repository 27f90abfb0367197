-- One order for row locks (docs/decisions/022-lock-order-and-retries.md). Every transaction that
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
CREATE OR REPLACE FUNCTION public.portal_lock_repeatable_writes(calls jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  session_ids uuid[];
  family_ids uuid[];
  booking_ids uuid[];
  freeing uuid[];
BEGIN
  WITH call AS (
    SELECT (c ->> 'sessionId')::uuid AS session_id, (c ->> 'newSessionId')::uuid AS new_session_id,
           (c ->> 'bookingId')::uuid AS booking_id, (c ->> 'entryId')::uuid AS entry_id, c ? 'office' AS by_office,
           CASE WHEN c ? 'sessionHash' THEN (SELECT u.family_id FROM auth_sessions a JOIN users u ON u.id = a.user_id WHERE a.token_hash = c ->> 'sessionHash')
                WHEN c ? 'office' THEN (SELECT u.family_id FROM users u WHERE u.id = (c ->> 'familyId')::uuid)
                ELSE (c ->> 'familyId')::uuid END AS family_id
    FROM jsonb_array_elements(calls) AS c
  ), named AS (
    -- A parent's call names only the parent's own booking or entry; the office's, any family's.
    SELECT call.session_id, call.new_session_id, coalesce(b.family_id, w.family_id, call.family_id) AS family_id,
           b.id AS booking_id, b.session_id AS freed_session_id, w.session_id AS entry_session_id
    FROM call
    LEFT JOIN bookings b ON b.id = call.booking_id AND (call.by_office OR b.family_id = call.family_id)
    LEFT JOIN waitlist_entries w ON w.id = call.entry_id AND (call.by_office OR w.family_id = call.family_id)
  )
  SELECT (SELECT array_agg(DISTINCT x.id) FROM named n,
            unnest(ARRAY[n.session_id, n.new_session_id, n.freed_session_id, n.entry_session_id]) AS x(id) WHERE x.id IS NOT NULL),
         (SELECT array_agg(DISTINCT n.family_id) FROM named n WHERE n.family_id IS NOT NULL),
         (SELECT array_agg(DISTINCT n.booking_id) FROM named n WHERE n.booking_id IS NOT NULL),
         (SELECT array_agg(DISTINCT n.freed_session_id) FROM named n WHERE n.freed_session_id IS NOT NULL)
  INTO session_ids, family_ids, booking_ids, freeing;
  PERFORM 1 FROM sessions WHERE id = ANY (session_ids) ORDER BY id FOR UPDATE;
  PERFORM 1 FROM children c WHERE c.id = ANY (ARRAY(
      SELECT k.id FROM children k WHERE k.family_id = ANY (family_ids) AND k.removed_at IS NULL
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
$function$;
