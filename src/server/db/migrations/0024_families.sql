-- Families (issue 31, docs/decisions/027-families-and-guardians.md). Each account that is a parent, or that has
-- children, bookings or waiting entries, becomes a family whose id is that account's id: the family's columns move
-- from users to families, and children, bookings, waiting entries and the office's actions are keyed by family_id
-- (a rename: no row is rewritten). Guardians gain a phone and 'copy me'; children a profile; families up to three
-- emergency contacts. The SQL functions that read these keys are brought to their files by migration 0025.
CREATE TABLE "families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_tier" text DEFAULT 'ONE' NOT NULL,
	"weekly_limit" integer DEFAULT 1 NOT NULL,
	"crm_user_id" text,
	"crm_updated_at" timestamp with time zone,
	"crm_signed_at" timestamp with time zone,
	"crm_received_at" timestamp with time zone,
	"created_by_webhook_id" uuid,
	"notes" text,
	"calendar_feed_hash" text,
	"calendar_feed_created_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "families_plan_tier_check" CHECK ("families"."plan_tier" in ('ONE', 'TWO', 'THREE')),
	CONSTRAINT "families_weekly_limit_check" CHECK ("families"."weekly_limit" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_created_by_webhook_id_webhook_configs_id_fk" FOREIGN KEY ("created_by_webhook_id") REFERENCES "public"."webhook_configs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "families" ("id", "plan_tier", "weekly_limit", "crm_user_id", "crm_updated_at", "crm_signed_at", "crm_received_at",
	"created_by_webhook_id", "notes", "calendar_feed_hash", "calendar_feed_created_at", "deactivated_at", "created_at", "updated_at", "deleted_at")
SELECT u."id", u."plan_tier", u."weekly_limit", u."crm_user_id", u."crm_updated_at", u."crm_signed_at", u."crm_received_at",
	u."created_by_webhook_id", u."notes", u."calendar_feed_hash", u."calendar_feed_created_at",
	CASE WHEN NOT u."is_active" THEN u."updated_at" END, u."created_at", u."updated_at", u."deleted_at"
FROM "users" u
WHERE u."role" NOT IN ('ADMIN', 'SUPER_ADMIN')
	OR EXISTS (SELECT 1 FROM "children" c WHERE c."user_id" = u."id")
	OR EXISTS (SELECT 1 FROM "bookings" b WHERE b."user_id" = u."id")
	OR EXISTS (SELECT 1 FROM "waitlist_entries" w WHERE w."user_id" = u."id")
	OR EXISTS (SELECT 1 FROM "office_actions" o WHERE o."family_id" = u."id");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "family_id" uuid;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "copy_me" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" DISABLE TRIGGER "users_notify";
--> statement-breakpoint
UPDATE "users" u SET "family_id" = f."id" FROM "families" f WHERE f."id" = u."id";
--> statement-breakpoint
ALTER TABLE "users" ENABLE TRIGGER "users_notify";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "users_family_idx" ON "users" USING btree ("family_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "families_crm_user_id_unique" ON "families" USING btree ("crm_user_id") WHERE "families"."deleted_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "families_calendar_feed_unique" ON "families" USING btree ("calendar_feed_hash");
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_created_by_webhook_id_webhook_configs_id_fk";
--> statement-breakpoint
DROP INDEX "users_crm_user_id_unique";
--> statement-breakpoint
DROP INDEX "users_calendar_feed_unique";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_plan_tier_check";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_weekly_limit_check";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan_tier", DROP COLUMN "weekly_limit", DROP COLUMN "crm_user_id", DROP COLUMN "crm_updated_at",
	DROP COLUMN "crm_signed_at", DROP COLUMN "crm_received_at", DROP COLUMN "created_by_webhook_id", DROP COLUMN "notes",
	DROP COLUMN "calendar_feed_hash", DROP COLUMN "calendar_feed_created_at";
--> statement-breakpoint
ALTER TABLE "children" DROP CONSTRAINT "children_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "children" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER INDEX "children_user_position_unique" RENAME TO "children_family_position_unique";
--> statement-breakpoint
ALTER INDEX "children_user_name_unique" RENAME TO "children_family_name_unique";
--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "medical_notes" text;
--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "needs_attention" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "photo_consent" text;
--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_photo_consent_check" CHECK ("children"."photo_consent" in ('GIVEN', 'REFUSED'));
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER INDEX "bookings_user_idx" RENAME TO "bookings_family_idx";
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" DROP CONSTRAINT "waitlist_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "waitlist_entries" RENAME COLUMN "user_id" TO "family_id";
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER INDEX "waitlist_entries_user_idx" RENAME TO "waitlist_entries_family_idx";
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "joined_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_joined_by_user_id_users_id_fk" FOREIGN KEY ("joined_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_actions" DROP CONSTRAINT "office_actions_family_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "email_outbox_reminder_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_reminder_unique" ON "email_outbox" USING btree ("booking_id","to_address") WHERE "email_outbox"."template" = 'booking-reminder';
--> statement-breakpoint
CREATE TABLE "emergency_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_contacts_position_check" CHECK ("emergency_contacts"."position" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_contacts_family_position_unique" ON "emergency_contacts" USING btree ("family_id","position");
--> statement-breakpoint
CREATE TABLE "business_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "family_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_by_user_id" uuid,
	"erased_by_name" text,
	"reason" text NOT NULL,
	"bookings_kept" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_erasures" ADD CONSTRAINT "family_erasures_erased_by_user_id_users_id_fk" FOREIGN KEY ("erased_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_actions" DROP CONSTRAINT "office_actions_action_check";
--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_action_check" CHECK ("office_actions"."action" in ('BOOK', 'CANCEL', 'RESCHEDULE', 'DELETE_FAMILY', 'WAITLIST_PROMOTE', 'WAITLIST_REMOVE', 'ADD_GUARDIAN', 'REMOVE_GUARDIAN'));
