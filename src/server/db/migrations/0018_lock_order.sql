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
CREATE OR REPLACE FUNCTION portal_lock_repeatable_writes(calls jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_lock_repeatable_writes.sql'; END $superseded$;
--> statement-breakpoint
-- portal_repeatable_writes of migration 0014, its group's rows locked first (above).
CREATE OR REPLACE FUNCTION portal_repeatable_writes(calls jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_repeatable_writes.sql'; END $superseded$;
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
