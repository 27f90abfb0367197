-- Issue 32: one child at a time, make-up credits, closures, the no-show rule (decision 028).
ALTER TABLE "booking_children" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "booking_children" ADD COLUMN "cancellation" text;
--> statement-breakpoint
ALTER TABLE "booking_children" ADD CONSTRAINT "booking_children_cancellation_check" CHECK ("booking_children"."cancellation" in ('EARLY', 'LATE', 'CLOSURE'));
--> statement-breakpoint
ALTER TABLE "booking_children" ADD CONSTRAINT "booking_children_cancelled_check" CHECK ("booking_children"."cancellation" is null or "booking_children"."cancelled_at" is not null);
--> statement-breakpoint
-- A booking cancelled before issue 32 cancelled every child it held, then.
UPDATE "booking_children" bc SET "cancelled_at" = b."cancelled_at" FROM "bookings" b WHERE b."id" = bc."booking_id" AND b."status" = 'CANCELLED' AND b."cancelled_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "booking_children" bc SET "cancelled_at" = b."updated_at" FROM "bookings" b WHERE b."id" = bc."booking_id" AND b."status" = 'CANCELLED' AND b."cancelled_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "booking_pause_lifted_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "makeup_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"source_booking_id" uuid,
	"note" text,
	"granted_by_user_id" uuid,
	"granted_by_name" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_booking_id" uuid,
	"used_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_by_user_id" uuid,
	"removed_by_name" text,
	"removal_note" text,
	CONSTRAINT "makeup_credits_reason_check" CHECK ("makeup_credits"."reason" in ('CANCELLATION', 'CLOSURE', 'OFFICE'))
);
--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_source_booking_id_bookings_id_fk" FOREIGN KEY ("source_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_used_booking_id_bookings_id_fk" FOREIGN KEY ("used_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_removed_by_user_id_users_id_fk" FOREIGN KEY ("removed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "makeup_credits_child_idx" ON "makeup_credits" USING btree ("child_id","expires_at") WHERE "makeup_credits"."used_booking_id" is null and "makeup_credits"."removed_at" is null;
--> statement-breakpoint
CREATE INDEX "makeup_credits_family_idx" ON "makeup_credits" USING btree ("family_id","created_at");
--> statement-breakpoint
CREATE INDEX "makeup_credits_used_booking_idx" ON "makeup_credits" USING btree ("used_booking_id");
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_by_user_id" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_dates_check" CHECK ("closures"."end_date" >= "closures"."start_date")
);
--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "closures_end_date_idx" ON "closures" USING btree ("end_date");
--> statement-breakpoint
ALTER TABLE "office_actions" DROP CONSTRAINT "office_actions_action_check";
--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_action_check" CHECK ("office_actions"."action" in ('BOOK', 'CANCEL', 'RESCHEDULE', 'DELETE_FAMILY', 'WAITLIST_PROMOTE', 'WAITLIST_REMOVE', 'ADD_GUARDIAN', 'REMOVE_GUARDIAN', 'GRANT_CREDIT', 'REMOVE_CREDIT', 'LIFT_PAUSE'));
