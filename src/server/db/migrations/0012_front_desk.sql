CREATE TABLE "office_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"admin_id" uuid,
	"admin_name" text NOT NULL,
	"action" text NOT NULL,
	"booking_id" uuid,
	"note" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "office_actions_action_check" CHECK ("office_actions"."action" in ('BOOK', 'CANCEL', 'RESCHEDULE', 'DELETE_FAMILY'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by" text DEFAULT 'FAMILY' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by_admin_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by_admin_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "office_note" text;--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_actions_family_idx" ON "office_actions" USING btree ("family_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_admin_id_users_id_fk" FOREIGN KEY ("booked_by_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_check" CHECK ("bookings"."booked_by" in ('FAMILY', 'OFFICE'));--> statement-breakpoint
-- Issue 19, the front desk: the office books, cancels and moves a family's bookings through the same functions as
-- the family, with `office` = {adminId, adminName, note, overrideWeeklyLimit, quiet} (docs/decisions/018-front-desk.md).
-- Differences for the office: any future session (no two-week window), a child's weekly limit passed over only
-- with overrideWeeklyLimit (the route requires a note then), the booking marked OFFICE with who and the note,
-- and every action recorded in office_actions. Capacity, ownership, duplicates and "not after the start" hold
-- exactly as for the family. `quiet` (the family's deletion) queues no e-mail per cancellation.
CREATE OR REPLACE FUNCTION portal_booking_facts(b bookings, s sessions, child_names text[], parent jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_booking_facts.sql'; END $superseded$;
--> statement-breakpoint
-- One office action, with what it was about as it read then.
CREATE OR REPLACE FUNCTION portal_record_office_action(office jsonb, family_id uuid, action text, booking_id uuid, details jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO office_actions (family_id, admin_id, admin_name, action, booking_id, note, details)
  VALUES (family_id, (office ->> 'adminId')::uuid, office ->> 'adminName', action, booking_id, nullif(office ->> 'note', ''), details);
END
$$;
--> statement-breakpoint
-- The limits a booking checks: the children's own, or none the office overrides.
CREATE OR REPLACE FUNCTION portal_limits_for(kid_limits integer[], office jsonb) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN coalesce((office ->> 'overrideWeeklyLimit')::boolean, false)
    THEN array_fill(2147483646, ARRAY[coalesce(cardinality(kid_limits), 0)]) ELSE kid_limits END
$$;
--> statement-breakpoint
DROP FUNCTION portal_book(uuid, uuid, text[], timestamptz, jsonb);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_book(parent_id uuid, session_id uuid, child_names text[], now_at timestamptz, parent jsonb, office jsonb DEFAULT NULL)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_book.sql'; END $superseded$;
--> statement-breakpoint
DROP FUNCTION portal_cancel_booking(uuid, uuid, timestamptz, jsonb);
--> statement-breakpoint
-- Cancels one of the family's future bookings and frees its spots.
CREATE OR REPLACE FUNCTION portal_cancel_booking(parent_id uuid, booking_id uuid, now_at timestamptz, parent jsonb, office jsonb DEFAULT NULL)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_cancel_booking.sql'; END $superseded$;
--> statement-breakpoint
DROP FUNCTION portal_reschedule_booking(uuid, uuid, uuid, timestamptz, jsonb);
--> statement-breakpoint
-- Moves the same children to another session: the new spots are taken and the old ones freed together. The
-- booking keeps its id (its reference); its calendar SEQUENCE goes up so calendars replace the earlier event.
CREATE OR REPLACE FUNCTION portal_reschedule_booking(parent_id uuid, booking_id uuid, new_session_id uuid, now_at timestamptz, parent jsonb, office jsonb DEFAULT NULL)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_reschedule_booking.sql'; END $superseded$;
--> statement-breakpoint
-- The repeatable writes of migration 0011, with a third kind of caller: the office, {office: {adminId, adminName,
-- note, overrideWeeklyLimit}}, acting for the family of `familyId` (a booking) or of the booking (a cancellation or
-- a reschedule); a family that does not exist (or was deleted) is 'family-not-found'. The office's key belongs to
-- the administrator. Every answer but `signedOut` says whose key it was (`userId`).
CREATE OR REPLACE FUNCTION portal_repeatable_writes(calls jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_repeatable_writes.sql'; END $superseded$;
--> statement-breakpoint
-- CREATE OR REPLACE drops a function's settings: the group's statement keeps its generic plans (decision 017).
ALTER FUNCTION portal_repeatable_writes(jsonb) SET plan_cache_mode = force_generic_plan;
