-- Issue 29, items 14 and 19: a message being sent (SENDING) is held by one e-mail worker (claimed_by) for a few
-- seconds at a time (claimed_until, by the database's clock), renewed while its send is alive; a claim that runs
-- out (its instance died) is taken by another worker. See src/server/mail/email-worker.ts.
ALTER TABLE "email_outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
-- A claim taken before this migration (by an instance of the previous version, during a rolling deploy) ran until
-- its next_attempt_at: it keeps that expiry.
UPDATE "email_outbox" SET "claimed_until" = "next_attempt_at" WHERE "status" = 'SENDING';--> statement-breakpoint
-- The unsent messages to one address, oldest first: a message waits while an earlier one to its address is unsent
-- (reminders aside), so a family's e-mails go out in the order they were written.
CREATE INDEX "email_outbox_unsent_address_idx" ON "email_outbox" USING btree ("to_address","created_at") WHERE "email_outbox"."status" in ('PENDING', 'SENDING') and "email_outbox"."template" is distinct from 'booking-reminder';
