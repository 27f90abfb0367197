-- The e-mail outbox's status check from its list (schema.ts, EMAIL_STATUSES and oneOf).
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('PENDING', 'SENDING', 'SENT', 'FAILED'));
--> statement-breakpoint
-- Issue 18, the unit of work (docs/decisions/014-unit-of-work.md): a statement that queues e-mail leaves the
-- 'outbox' topic through portal_announce (migration 0005). Inside a unit of work it is only noted, and the
-- unit of work wakes the e-mail worker after the commit; a plain write notifies it on portal_changes.
CREATE OR REPLACE FUNCTION portal_notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_announce('outbox');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER email_outbox_notify AFTER INSERT ON email_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_outbox();
--> statement-breakpoint
-- The unit of work on PostgreSQL reads the noted topics into a session-level setting, commits, and then calls
-- this in the same message: the topics and the request's marker go out in one NOTIFY statement of their own,
-- right after the commit, without a round trip of their own. It never fails (the commit is done by then; a lost
-- notification only makes the answer's fence time out, which clears the caches).
CREATE OR REPLACE FUNCTION portal_announce_committed(marker text)
 RETURNS void
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_announce_committed.sql'; END $superseded$;
