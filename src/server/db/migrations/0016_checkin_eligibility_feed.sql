-- Issue 22's columns: a child's optional date of birth and sex (eligibility), attendance per child of a booking
-- (door check-in), and the family's calendar feed (the SHA-256 of its secret token, never the token itself).
ALTER TABLE "booking_children" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_children" ADD COLUMN "checked_in_by_admin_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_children" ADD COLUMN "checked_in_by_name" text;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "sex" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_created_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_feed_unique" ON "users" USING btree ("calendar_feed_hash");--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_sex_check" CHECK ("children"."sex" in ('F', 'M'));