-- Issue 21's reminders, made when due instead of with each booking (docs/decisions/020-waitlist-and-reminders.md,
-- "Reminders made when due"): a booking no longer writes a second outbox row (about 0.1 ms of database time per
-- booking, measured in docs/performance.md). The e-mail worker makes the reminders of the sessions whose start − 24 h
-- is a few minutes away (src/server/mail/email-worker.ts, makeDueRemindersStatement), one per booking (the unique
-- index email_outbox_reminder_unique), for the bookings placed in their session before that instant.
ALTER TABLE "bookings" ADD COLUMN "placed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "placed_at" = "created_at";
--> statement-breakpoint
-- portal_book of migration 0014 without the reminder; the booking is placed at the write's instant.
CREATE OR REPLACE FUNCTION portal_book(parent_id uuid, session_id uuid, child_names text[], now_at timestamptz, parent jsonb, office jsonb DEFAULT NULL)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_book.sql'; END $superseded$;
--> statement-breakpoint
-- portal_book_from_waitlist of migration 0014 without the reminder; placed at the promotion's instant.
CREATE OR REPLACE FUNCTION portal_book_from_waitlist(e waitlist_entries, s sessions, kid_ids uuid[], kid_names text[], parent jsonb, now_at timestamptz, office jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_book_from_waitlist.sql'; END $superseded$;
--> statement-breakpoint
DROP FUNCTION portal_queue_booking_mail(text, jsonb, jsonb, uuid, timestamptz, timestamptz);
--> statement-breakpoint
-- A booking's reminder or, once sent, the record of it, leaves the booking (booking_id cleared, the row kept as the
-- outbox's history) so that the booking's next one can be made; a reminder not yet sent is deleted.
CREATE OR REPLACE FUNCTION portal_release_reminders(booking_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM email_outbox o WHERE o.booking_id = ANY (booking_ids) AND o.template = 'booking-reminder' AND o.status = 'PENDING';
  UPDATE email_outbox o SET booking_id = NULL WHERE o.booking_id = ANY (booking_ids) AND o.template = 'booking-reminder';
END
$$;
--> statement-breakpoint
-- A booking rescheduled into another session (portal_reschedule_booking of migration 0014 calls this): it is placed
-- there now, and its reminder starts over: the worker makes the new session's one when due, if the booking was
-- placed before that instant.
CREATE OR REPLACE FUNCTION portal_move_reminder(mail_to text, facts jsonb, for_booking uuid, session_start timestamptz, now_at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bookings SET placed_at = now_at WHERE id = for_booking;
  PERFORM portal_release_reminders(ARRAY[for_booking]);
END
$$;
--> statement-breakpoint
-- The office changed a session (services/sessions/update-session.ts; the caller holds its lock): when its start
-- moved (a reminder's facts name the start it was made, or sent, for), its bookings' reminders start over (made again when the new start − 24 h comes; at once if that has
-- passed); a raised capacity is filled from the waitlist. Answers the children promoted.
CREATE OR REPLACE FUNCTION portal_session_changed(target uuid, now_at timestamptz, closes_before timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  s sessions;
BEGIN
  SELECT * INTO s FROM sessions WHERE id = target;
  PERFORM portal_release_reminders(array_agg(o.booking_id))
  FROM email_outbox o JOIN bookings b ON b.id = o.booking_id
  WHERE b.session_id = target AND o.template = 'booking-reminder'
    AND (o.template_data #>> '{session,startsAt}')::timestamptz IS DISTINCT FROM s.starts_at
  HAVING count(*) > 0;
  RETURN portal_promote_waitlist(target, now_at, closes_before);
END
$$;
