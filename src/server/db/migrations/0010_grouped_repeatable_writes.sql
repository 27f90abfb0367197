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
CREATE OR REPLACE FUNCTION portal_repeatable_writes(calls jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_repeatable_writes.sql'; END $superseded$;
