CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"child_ids" uuid[] NOT NULL,
	"child_names" text[] NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"ended_at" timestamp with time zone,
	"booking_id" uuid,
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('WAITING', 'PROMOTED', 'LEFT', 'REMOVED', 'EXPIRED')),
	CONSTRAINT "waitlist_entries_children_check" CHECK (cardinality("waitlist_entries"."child_ids") between 1 and 4 and cardinality("waitlist_entries"."child_ids") = cardinality("waitlist_entries"."child_names"))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_booked_by_check";--> statement-breakpoint
ALTER TABLE "office_actions" DROP CONSTRAINT "office_actions_action_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "waitlist_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "booking_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_session_idx" ON "waitlist_entries" USING btree ("session_id","created_at") WHERE "waitlist_entries"."status" = 'WAITING';--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_reminder_unique" ON "email_outbox" USING btree ("booking_id") WHERE "email_outbox"."template" = 'booking-reminder';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_check" CHECK ("bookings"."booked_by" in ('FAMILY', 'OFFICE', 'WAITLIST'));--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_action_check" CHECK ("office_actions"."action" in ('BOOK', 'CANCEL', 'RESCHEDULE', 'DELETE_FAMILY', 'WAITLIST_PROMOTE', 'WAITLIST_REMOVE'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_waitlist_count_check" CHECK ("sessions"."waitlist_count" >= 0);--> statement-breakpoint
-- Issue 21: the waitlist and the reminders, on the booking functions (docs/decisions/020-waitlist-and-reminders.md,
-- docs/product-rules.md "Waitlist" and "Reminders").
-- Locks: every change to a session's waitlist happens under that session's row lock, taken first, as a booking
-- takes it; the children are locked after it, in id order. So two cancellations of one session promote one after
-- the other, each seeing the spots the other took, and an entry is never promoted twice.
--
-- sessions.waitlist_count follows the WAITING entries (each child counted), as booked_count follows the bookings.
CREATE OR REPLACE FUNCTION portal_count_waitlist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'WAITING' THEN
    UPDATE sessions SET waitlist_count = waitlist_count - cardinality(OLD.child_ids) WHERE id = OLD.session_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'WAITING' THEN
    UPDATE sessions SET waitlist_count = waitlist_count + cardinality(NEW.child_ids) WHERE id = NEW.session_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_count AFTER INSERT OR DELETE OR UPDATE OF status, child_ids ON waitlist_entries
  FOR EACH ROW EXECUTE FUNCTION portal_count_waitlist();
--> statement-breakpoint
-- A change of a family's entries stales that family's reads, as its bookings do.
CREATE TRIGGER waitlist_entries_notify AFTER INSERT OR UPDATE OR DELETE ON waitlist_entries
  FOR EACH ROW EXECUTE FUNCTION portal_notify_user_rows();
--> statement-breakpoint
-- The sessions trigger of migration 0009: the counts (booked and waiting) move the calendar only.
CREATE OR REPLACE FUNCTION portal_notify_session_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted sessions;
BEGIN
  PERFORM portal_announce('calendar');
  IF TG_OP = 'DELETE' THEN
    PERFORM portal_announce('bookings');
  ELSIF TG_OP = 'UPDATE' THEN
    counted := OLD;
    counted.booked_count := NEW.booked_count;
    counted.waitlist_count := NEW.waitlist_count;
    counted.updated_at := NEW.updated_at;
    IF counted IS DISTINCT FROM NEW THEN
      PERFORM portal_announce('bookings');
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An entry as its family and the office read it (services/waitlist): the session, the children, the place in the
-- queue (1 = promoted first; among WAITING entries, by join time then id) and the children a promotion now would
-- take past their weekly limit (confirmed bookings of that Toronto week counted; the entry would be skipped).
CREATE OR REPLACE FUNCTION portal_waitlist_facts(e waitlist_entries)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_waitlist_facts.sql'; END $superseded$;
--> statement-breakpoint
-- The e-mails a new confirmed booking queues in one statement: the confirmation now, and the reminder due 24 hours
-- (an instant, whatever the clocks do) before the start, if that is still ahead. One reminder per booking (the
-- unique index email_outbox_reminder_unique); the worker drops it at send time if the booking or session was
-- cancelled or the parent switched reminders off (src/server/mail/email-worker.ts).
CREATE OR REPLACE FUNCTION portal_queue_booking_mail(mail_to text, confirmation jsonb, facts jsonb, for_booking uuid, session_start timestamptz, now_at timestamptz)
 RETURNS void
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_queue_booking_mail.sql'; END $superseded$;
--> statement-breakpoint
-- A booking's reminder follows it to its session's (new) start: moved, or dropped when less than 24 hours remain.
CREATE OR REPLACE FUNCTION portal_move_reminder(mail_to text, facts jsonb, for_booking uuid, session_start timestamptz, now_at timestamptz)
 RETURNS void
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_move_reminder.sql'; END $superseded$;
--> statement-breakpoint
-- Children the family has just booked into a session leave its waiting entries there (an entry left with no child
-- has been LEFT).
CREATE OR REPLACE FUNCTION portal_unwait_booked_children(target uuid, parent_id uuid, kid_ids uuid[], now_at timestamptz)
 RETURNS void
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_unwait_booked_children.sql'; END $superseded$;
--> statement-breakpoint
-- An entry becomes a confirmed booking (the session and the children are locked and the rules checked by the
-- caller): booked by WAITLIST (and by the administrator who pressed 'Promote now'), the confirmation e-mail says it
-- came from the waitlist, the reminder is queued.
CREATE OR REPLACE FUNCTION portal_book_from_waitlist(e waitlist_entries, s sessions, kid_ids uuid[], kid_names text[], parent jsonb, now_at timestamptz, office jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_book_from_waitlist.sql'; END $superseded$;
--> statement-breakpoint
-- Fills a session's free spots from its waitlist (the caller holds the session's row lock): the WAITING entries by
-- join time, each promoted only if all its children fit in the spots left and none would pass their weekly limit
-- (confirmed bookings only) nor is booked there already; an entry that does not fit is skipped and keeps its place.
-- Nothing once the session starts within the cut-off (`closes_before`). `wait_for_locks` false (the sweep) skips an
-- entry whose children another transaction holds, so the sweep never waits on a lock. Answers the children promoted.
CREATE OR REPLACE FUNCTION portal_promote_waitlist(target uuid, now_at timestamptz, closes_before timestamptz, wait_for_locks boolean DEFAULT true)
 RETURNS integer
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_promote_waitlist.sql'; END $superseded$;
--> statement-breakpoint
-- A family joins a full session's waitlist with the children named (case-insensitive, current children only). The
-- session must be bookable by the family (scheduled, not started, inside the booking window) and its waitlist open
-- (it starts after `closes_before`); it must lack room for all the children named (else: book); no child may be
-- booked in it or already waiting for it. The weekly limit is not checked here: it is checked at promotion.
CREATE OR REPLACE FUNCTION portal_join_waitlist(parent_id uuid, session_id uuid, child_names text[], now_at timestamptz, closes_before timestamptz)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_join_waitlist.sql'; END $superseded$;
--> statement-breakpoint
-- The family leaves a waitlist (LEFT), or the office removes an entry (REMOVED, recorded for the family page).
-- Leaving twice is leaving once; an entry already promoted is a booking to cancel instead.
CREATE OR REPLACE FUNCTION portal_leave_waitlist(parent_id uuid, entry_id uuid, now_at timestamptz, office jsonb DEFAULT NULL)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_leave_waitlist.sql'; END $superseded$;
--> statement-breakpoint
-- The office's 'Promote now': the entry becomes a booking if all its children fit, with the front desk's rules
-- (capacity never overridden; a weekly limit passed over only with overrideWeeklyLimit and a note), even out of turn.
CREATE OR REPLACE FUNCTION portal_promote_waitlist_entry(parent_id uuid, entry_id uuid, now_at timestamptz, closes_before timestamptz, parent jsonb, office jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_promote_waitlist_entry.sql'; END $superseded$;
--> statement-breakpoint
-- The office changed a session (services/sessions/update-session.ts; the caller holds its lock): the reminders of its
-- bookings follow its start, and a raised capacity is filled from the waitlist. Answers the children promoted.
CREATE OR REPLACE FUNCTION portal_session_changed(target uuid, now_at timestamptz, closes_before timestamptz)
 RETURNS integer
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_session_changed.sql'; END $superseded$;
--> statement-breakpoint
-- The office cancelled a session (the caller holds its lock and cancelled its bookings): its waitlist expires and no
-- reminder of it will go.
CREATE OR REPLACE FUNCTION portal_session_cancelled(target uuid, now_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE waitlist_entries SET status = 'EXPIRED', ended_at = now_at WHERE session_id = target AND status = 'WAITING';
  DELETE FROM email_outbox o USING bookings b
  WHERE o.booking_id = b.id AND b.session_id = target AND o.template = 'booking-reminder' AND o.status = 'PENDING';
END
$$;
--> statement-breakpoint
-- A family's account is closing (services/users/delete-user.ts): its waiting entries end (REMOVED) first, so no
-- spot its own cancellations free is given back to it. The sessions are locked first, in id order.
CREATE OR REPLACE FUNCTION portal_end_family_waitlist(parent_id uuid, now_at timestamptz)
 RETURNS void
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_end_family_waitlist.sql'; END $superseded$;
--> statement-breakpoint
-- The office removed children of a family (services/users/write-children.ts): they leave the family's waiting
-- entries (an entry left with no child has been REMOVED). The sessions are locked first, in id order.
CREATE OR REPLACE FUNCTION portal_unwait_removed_children(parent_id uuid, kid_ids uuid[], now_at timestamptz)
 RETURNS void
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_unwait_removed_children.sql'; END $superseded$;
--> statement-breakpoint
-- Every minute, on one instance (services/scheduled-jobs): entries of sessions whose waitlist has closed (or that were
-- cancelled) expire, and sessions with free spots and people waiting are filled (a spot nobody could take when it
-- freed, say a child at their weekly limit, goes to them once the limit allows). Sessions and children another
-- transaction holds are skipped until the next run: the sweep never waits on a lock.
CREATE OR REPLACE FUNCTION portal_waitlist_sweep(now_at timestamptz, closes_before timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  expired integer;
  promoted integer := 0;
  target uuid;
BEGIN
  WITH closing AS (
    SELECT id FROM sessions WHERE waitlist_count > 0 AND (starts_at <= closes_before OR status = 'CANCELLED')
    ORDER BY id FOR UPDATE SKIP LOCKED
  )
  UPDATE waitlist_entries w SET status = 'EXPIRED', ended_at = now_at FROM closing WHERE w.session_id = closing.id AND w.status = 'WAITING';
  GET DIAGNOSTICS expired = ROW_COUNT;
  FOR target IN SELECT id FROM sessions
    WHERE waitlist_count > 0 AND status = 'SCHEDULED' AND starts_at > closes_before AND booked_count < capacity
    ORDER BY id FOR UPDATE SKIP LOCKED LOOP
    promoted := promoted + portal_promote_waitlist(target, now_at, closes_before, false);
  END LOOP;
  RETURN jsonb_build_object('expired', expired, 'promoted', promoted);
END
$$;
--> statement-breakpoint
-- portal_book of migration 0012: the same checks and writes; the reminder is queued with the confirmation (one
-- statement), and children booked into a session leave their waiting entries there (only when someone waits).
CREATE OR REPLACE FUNCTION portal_book(parent_id uuid, session_id uuid, child_names text[], now_at timestamptz, parent jsonb, office jsonb DEFAULT NULL)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_book.sql'; END $superseded$;
--> statement-breakpoint
DROP FUNCTION portal_cancel_booking(uuid, uuid, timestamptz, jsonb, jsonb);
--> statement-breakpoint
-- portal_cancel_booking of migration 0012, then: the booking's pending reminder goes, and the freed spots are
-- filled from the session's waitlist in the same transaction (under the session lock it holds).
CREATE OR REPLACE FUNCTION portal_cancel_booking(parent_id uuid, booking_id uuid, now_at timestamptz, parent jsonb, office jsonb, closes_before timestamptz)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_cancel_booking.sql'; END $superseded$;
--> statement-breakpoint
DROP FUNCTION portal_reschedule_booking(uuid, uuid, uuid, timestamptz, jsonb, jsonb);
--> statement-breakpoint
-- portal_reschedule_booking of migration 0012, then: the reminder follows the booking to the new start, the children
-- leave their waiting entries of the new session, and the spots freed in the old one go to its waitlist.
CREATE OR REPLACE FUNCTION portal_reschedule_booking(parent_id uuid, booking_id uuid, new_session_id uuid, now_at timestamptz, parent jsonb, office jsonb, closes_before timestamptz)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_reschedule_booking.sql'; END $superseded$;
--> statement-breakpoint
-- The repeatable writes of migration 0012 with the waitlist's: a family joins ('join-waitlist', {sessionId,
-- childNames}) or leaves ('leave-waitlist', {entryId}); the office removes an entry ('leave-waitlist' with office) or
-- promotes it ('promote-waitlist'), acting for the entry's family. Every call carries `waitlistClosesBefore`.
CREATE OR REPLACE FUNCTION portal_repeatable_writes(calls jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_repeatable_writes.sql'; END $superseded$;
--> statement-breakpoint
ALTER FUNCTION portal_repeatable_writes(jsonb) SET plan_cache_mode = force_generic_plan;
