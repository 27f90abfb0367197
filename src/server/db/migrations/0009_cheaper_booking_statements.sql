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
 RETURNS TABLE (child_id uuid, used integer)
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_weekly_usage.sql'; END $superseded$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_booking_facts(b bookings, s sessions, child_names text[], parent jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_booking_facts.sql'; END $superseded$;
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
CREATE OR REPLACE FUNCTION portal_notify_session_row()
 RETURNS trigger
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_notify_session_row.sql'; END $superseded$;
--> statement-breakpoint
-- The checks of migration 0008, with the "already booked here" lookup starting from the children's own booking
-- rows (a handful) instead of the session's bookings (up to a hundred, read on every booking of a filling session).
CREATE OR REPLACE FUNCTION portal_refuse_children(s sessions, kid_ids uuid[], kid_names text[], kid_limits integer[], exclude_booking uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_refuse_children.sql'; END $superseded$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_book(parent_id uuid, session_id uuid, child_names text[], now_at timestamptz, parent jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_book.sql'; END $superseded$;
--> statement-breakpoint
-- The unit of work no longer sends its topics in its commit message: the instance drops them from its own caches
-- at once and announces many commits' topics in one statement (cache/read-caches.ts, `committed`).
DROP FUNCTION IF EXISTS portal_announce_committed(text);
