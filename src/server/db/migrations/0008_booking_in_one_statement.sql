ALTER TABLE "email_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "template_data" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_content_check" CHECK ("email_outbox"."template" is not null or ("email_outbox"."subject" is not null and "email_outbox"."text_body" is not null));--> statement-breakpoint
-- Issue 18: a booking, a cancellation and a reschedule each run as one statement (docs/decisions/015-booking-in-one-statement.md).
-- The rules are those of docs/product-rules.md (Bookings); the refusals come back as values named by `refusal`
-- (the server turns each into its HTTP status and message, services/bookings/booking-refusals.ts), so a refused
-- call has written nothing. E-mail is queued as a template row: the worker renders it after the commit.

-- The Toronto week (Monday 00:00 to the next Monday 00:00 on Toronto wall clocks) holding an instant, `weeks`
-- weeks ahead; the server's torontoWeekOf (src/shared/rules/week.ts) is the same (db/toronto-week.test.ts
-- compares the two across DST changes). Toronto midnight always exists (the clocks change at 2:00).
CREATE OR REPLACE FUNCTION portal_toronto_week_start(instant timestamptz, weeks integer DEFAULT 0) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (date_trunc('week', instant AT TIME ZONE 'America/Toronto') + make_interval(weeks => weeks)) AT TIME ZONE 'America/Toronto'
$$;
--> statement-breakpoint
-- A child's weekly use: confirmed spots in sessions that start in the Toronto week of `week_of`, optionally
-- without one booking (a reschedule re-checks without the booking it moves). The one definition: the server's
-- countWeeklyUsage calls it too. It starts from the children's own booking rows (an index scan on child_id,
-- materialized so the plan never starts from the week's sessions: a busy week holds thousands of bookings, a
-- child a handful), then looks each booking and its session up by primary key.
CREATE OR REPLACE FUNCTION portal_weekly_usage(child_ids uuid[], week_of timestamptz, exclude_booking uuid DEFAULT NULL)
 RETURNS TABLE (child_id uuid, used integer)
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_weekly_usage.sql'; END $superseded$;
--> statement-breakpoint
-- Why a session cannot take a booking now (NULL when it can): cancelled, started, or outside the booking
-- window (this Toronto week and the next).
CREATE OR REPLACE FUNCTION portal_unbookable(s sessions, now_at timestamptz) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN s.status = 'CANCELLED' THEN 'session-cancelled'
    WHEN s.starts_at <= now_at THEN 'session-started'
    WHEN s.starts_at < portal_toronto_week_start(now_at) OR s.starts_at >= portal_toronto_week_start(now_at, 2) THEN 'outside-window'
  END
$$;
--> statement-breakpoint
-- The checks every booking of children into a session makes, once the session and the children are locked:
-- room, children not already booked there, weekly limits. NULL when all pass, else the refusal.
CREATE OR REPLACE FUNCTION portal_refuse_children(s sessions, kid_ids uuid[], kid_names text[], kid_limits integer[], exclude_booking uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_refuse_children.sql'; END $superseded$;
--> statement-breakpoint
-- A booking's facts in the shape the server turns into its answer and its e-mails (toBookingFacts in
-- services/bookings/booking-dto.ts): the booking, its session and class, the children's names, the parent.
CREATE OR REPLACE FUNCTION portal_booking_facts(b bookings, s sessions, child_names text[], parent jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_booking_facts.sql'; END $superseded$;
--> statement-breakpoint
-- Books one spot per named child of the parent, all or nothing. Locks the session row (capacity) and the
-- children's rows in id order (weekly limits; no deadlock between two bookings of one family) until the commit.
-- `parent`: {firstName, lastName, email} of the signed-in parent, for the answer and the e-mail.
CREATE OR REPLACE FUNCTION portal_book(parent_id uuid, session_id uuid, child_names text[], now_at timestamptz, parent jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_book.sql'; END $superseded$;
--> statement-breakpoint
-- Locks the parent's own booking and says why it cannot change (NULL when it is confirmed): another parent's
-- booking is indistinguishable from a missing one.
CREATE OR REPLACE FUNCTION portal_lock_own_booking(parent_id uuid, booking_id uuid, not_confirmed text)
 RETURNS text
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_lock_own_booking.sql'; END $superseded$;
--> statement-breakpoint
-- Cancels one of the parent's future bookings and frees its spots.
CREATE OR REPLACE FUNCTION portal_cancel_booking(parent_id uuid, booking_id uuid, now_at timestamptz, parent jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_cancel_booking.sql'; END $superseded$;
--> statement-breakpoint
-- Moves the same children to another session: the new spots are taken and the old ones freed together. The
-- booking keeps its id (its reference); its calendar SEQUENCE goes up so calendars replace the earlier event.
CREATE OR REPLACE FUNCTION portal_reschedule_booking(parent_id uuid, booking_id uuid, new_session_id uuid, now_at timestamptz, parent jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_reschedule_booking.sql'; END $superseded$;
