ALTER TABLE "class_types" ADD COLUMN "default_capacity" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "default_location" text DEFAULT 'Main Gym' NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD CONSTRAINT "class_types_default_capacity_check" CHECK ("class_types"."default_capacity" between 1 and 100);