-- Issue 29: the deliveries of one CRM contact are ordered by when the server received them. Each account keeps the
-- receipt time of the last delivery applied beside its signed time (which is now capped at that receipt time).
ALTER TABLE "users" ADD COLUMN "crm_received_at" timestamp with time zone;
