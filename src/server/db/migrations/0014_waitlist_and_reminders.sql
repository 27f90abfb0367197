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
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_waitlist_count_check" CHECK ("sessions"."waitlist_count" >= 0);