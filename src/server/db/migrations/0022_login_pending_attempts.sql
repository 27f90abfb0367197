-- Issue 29, item 16: only wrong passwords count as sign-in failures. An attempt holds a place under the limit
-- while its password is checked (pending), so simultaneous guesses still cannot slip past it, and gives it back
-- when the password was right; pending_until forgets the places of an instance that died mid-check.
ALTER TABLE "login_failures" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "pending_until" timestamp with time zone;
