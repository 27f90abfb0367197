DROP INDEX "users_crm_user_id_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "crm_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_configs" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_configs" ADD CONSTRAINT "webhook_configs_template_id_field_mapping_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."field_mapping_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_configs_template_idx" ON "webhook_configs" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_crm_user_id_unique" ON "users" USING btree ("crm_user_id") WHERE "users"."deleted_at" is null;