CREATE TABLE "activity_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_role" text NOT NULL,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"family_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"session_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"changes" jsonb NOT NULL,
	"change_count" integer NOT NULL,
	"address" text,
	CONSTRAINT "activity_entries_kind_check" CHECK (char_length("activity_entries"."kind") between 1 and 80)
);
--> statement-breakpoint
CREATE INDEX "activity_entries_at_idx" ON "activity_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "activity_entries_actor_idx" ON "activity_entries" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "activity_entries_families_idx" ON "activity_entries" USING gin ("family_ids");--> statement-breakpoint
CREATE INDEX "activity_entries_sessions_idx" ON "activity_entries" USING gin ("session_ids");