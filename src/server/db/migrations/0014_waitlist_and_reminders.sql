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
CREATE OR REPLACE FUNCTION portal_waitlist_facts(e waitlist_entries) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  s sessions;
  family record;
  held jsonb := '[]'::jsonb;
  place integer;
BEGIN
  SELECT * INTO s FROM sessions WHERE id = e.session_id;
  SELECT u.first_name, u.last_name, u.email INTO family FROM users u WHERE u.id = e.user_id;
  IF e.status = 'WAITING' THEN
    SELECT count(*) INTO place FROM waitlist_entries o
    WHERE o.session_id = e.session_id AND o.status = 'WAITING' AND (o.created_at, o.id) <= (e.created_at, e.id);
    SELECT coalesce(jsonb_agg(jsonb_build_object('name', e.child_names[k.ord], 'limit', c.weekly_limit, 'used', coalesce(u.used, 0)) ORDER BY k.ord), '[]'::jsonb)
    INTO held
    FROM unnest(e.child_ids) WITH ORDINALITY AS k(id, ord)
    JOIN children c ON c.id = k.id
    LEFT JOIN portal_weekly_usage(e.child_ids, s.starts_at) u ON u.child_id = k.id
    WHERE coalesce(u.used, 0) + 1 > c.weekly_limit;
  END IF;
  RETURN jsonb_build_object(
    'id', e.id, 'userId', e.user_id, 'sessionId', e.session_id,
    'session', jsonb_build_object('startsAt', s.starts_at, 'endsAt', s.ends_at, 'location', s.location,
      'classType', (SELECT jsonb_build_object('id', ct.id, 'code', ct.code, 'name', ct.name, 'description', ct.description)
                    FROM class_types ct WHERE ct.id = s.class_type_id)),
    'childNames', to_jsonb(e.child_names), 'status', e.status, 'position', place, 'heldBack', held,
    'bookingId', e.booking_id, 'createdAt', e.created_at,
    'familyName', btrim(family.first_name || ' ' || family.last_name), 'email', family.email);
END
$$;
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
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE waitlist_entries w SET (status, ended_at, child_ids, child_names) = (
    SELECT CASE WHEN count(*) = 0 THEN 'LEFT' ELSE 'WAITING' END,
           CASE WHEN count(*) = 0 THEN now_at END,
           CASE WHEN count(*) = 0 THEN w.child_ids ELSE array_agg(a.id ORDER BY a.ord) END,
           CASE WHEN count(*) = 0 THEN w.child_names ELSE array_agg(w.child_names[a.ord] ORDER BY a.ord) END
    FROM unnest(w.child_ids) WITH ORDINALITY AS a(id, ord) WHERE a.id <> ALL (kid_ids))
  WHERE w.session_id = target AND w.user_id = parent_id AND w.status = 'WAITING' AND w.child_ids && kid_ids;
END
$$;
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
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  e waitlist_entries;
  facts jsonb;
BEGIN
  SELECT * INTO e FROM waitlist_entries WHERE id = entry_id AND user_id = parent_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refusal', 'waitlist-entry-not-found');
  END IF;
  PERFORM 1 FROM sessions WHERE id = e.session_id FOR UPDATE;
  SELECT * INTO e FROM waitlist_entries WHERE id = entry_id FOR UPDATE;
  IF e.status = 'WAITING' THEN
    UPDATE waitlist_entries SET status = CASE WHEN office IS NULL THEN 'LEFT' ELSE 'REMOVED' END, ended_at = now_at
    WHERE id = e.id RETURNING * INTO e;
    IF office IS NOT NULL THEN
      facts := portal_waitlist_facts(e);
      PERFORM portal_record_office_action(office, e.user_id, 'WAITLIST_REMOVE', NULL, jsonb_build_object(
        'session', facts -> 'session', 'className', facts -> 'session' -> 'classType' ->> 'name', 'childNames', facts -> 'childNames'));
    END IF;
  ELSIF e.status = 'PROMOTED' THEN
    RETURN jsonb_build_object('refusal', 'waitlist-promoted');
  ELSIF NOT (e.status = 'LEFT' AND office IS NULL) THEN
    RETURN jsonb_build_object('refusal', 'waitlist-not-waiting');
  END IF;
  RETURN jsonb_build_object('entry', portal_waitlist_facts(e));
END
$$;
--> statement-breakpoint
-- The office's 'Promote now': the entry becomes a booking if all its children fit, with the front desk's rules
-- (capacity never overridden; a weekly limit passed over only with overrideWeeklyLimit and a note), even out of turn.
CREATE OR REPLACE FUNCTION portal_promote_waitlist_entry(parent_id uuid, entry_id uuid, now_at timestamptz, closes_before timestamptz, parent jsonb, office jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s sessions;
  e waitlist_entries;
  refused jsonb;
  missing text[];
  kid_ids uuid[];
  kid_names text[];
  kid_limits integer[];
BEGIN
  SELECT * INTO e FROM waitlist_entries WHERE id = entry_id AND user_id = parent_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refusal', 'waitlist-entry-not-found');
  END IF;
  SELECT * INTO s FROM sessions WHERE id = e.session_id FOR UPDATE;
  SELECT * INTO e FROM waitlist_entries WHERE id = entry_id FOR UPDATE;
  IF e.status = 'PROMOTED' THEN
    RETURN jsonb_build_object('refusal', 'waitlist-promoted');
  ELSIF e.status <> 'WAITING' THEN
    RETURN jsonb_build_object('refusal', 'waitlist-not-waiting');
  ELSIF s.status = 'CANCELLED' THEN
    RETURN jsonb_build_object('refusal', 'session-cancelled');
  ELSIF s.starts_at <= now_at THEN
    RETURN jsonb_build_object('refusal', 'session-started');
  ELSIF s.starts_at <= closes_before THEN
    RETURN jsonb_build_object('refusal', 'waitlist-closed');
  END IF;
  SELECT array_agg(k.id ORDER BY k.ord), array_agg(k.name ORDER BY k.ord), array_agg(k.weekly_limit ORDER BY k.ord)
  INTO kid_ids, kid_names, kid_limits
  FROM (SELECT c.id, c.name, c.weekly_limit, a.ord FROM unnest(e.child_ids) WITH ORDINALITY AS a(id, ord)
        JOIN children c ON c.id = a.id AND c.removed_at IS NULL ORDER BY c.id FOR UPDATE OF c) k;
  IF coalesce(cardinality(kid_ids), 0) < cardinality(e.child_ids) THEN
    SELECT array_agg(e.child_names[a.ord] ORDER BY a.ord) INTO missing
    FROM unnest(e.child_ids) WITH ORDINALITY AS a(id, ord)
    WHERE NOT (a.id = ANY (coalesce(kid_ids, '{}'::uuid[])));
    RETURN jsonb_build_object('refusal', 'not-your-children', 'names', to_jsonb(missing));
  END IF;
  refused := portal_refuse_children(s, kid_ids, kid_names, portal_limits_for(kid_limits, office), NULL);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;
  RETURN jsonb_build_object('booking', portal_book_from_waitlist(e, s, kid_ids, kid_names, parent, now_at, office));
END
$$;
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
CREATE OR REPLACE FUNCTION portal_end_family_waitlist(parent_id uuid, now_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sessions WHERE id IN (SELECT w.session_id FROM waitlist_entries w WHERE w.user_id = parent_id AND w.status = 'WAITING')
  ORDER BY id FOR UPDATE;
  UPDATE waitlist_entries SET status = 'REMOVED', ended_at = now_at WHERE user_id = parent_id AND status = 'WAITING';
END
$$;
--> statement-breakpoint
-- The office removed children of a family (services/users/write-children.ts): they leave the family's waiting
-- entries (an entry left with no child has been REMOVED). The sessions are locked first, in id order.
CREATE OR REPLACE FUNCTION portal_unwait_removed_children(parent_id uuid, kid_ids uuid[], now_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sessions WHERE id IN (
    SELECT w.session_id FROM waitlist_entries w WHERE w.user_id = parent_id AND w.status = 'WAITING' AND w.child_ids && kid_ids)
  ORDER BY id FOR UPDATE;
  UPDATE waitlist_entries w SET (status, ended_at, child_ids, child_names) = (
    SELECT CASE WHEN count(*) = 0 THEN 'REMOVED' ELSE 'WAITING' END,
           CASE WHEN count(*) = 0 THEN now_at END,
           CASE WHEN count(*) = 0 THEN w.child_ids ELSE array_agg(a.id ORDER BY a.ord) END,
           CASE WHEN count(*) = 0 THEN w.child_names ELSE array_agg(w.child_names[a.ord] ORDER BY a.ord) END
    FROM unnest(w.child_ids) WITH ORDINALITY AS a(id, ord) WHERE a.id <> ALL (kid_ids))
  WHERE w.user_id = parent_id AND w.status = 'WAITING' AND w.child_ids && kid_ids;
END
$$;
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
