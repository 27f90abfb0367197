-- Issue 18: a parent's repeatable write (book, cancel, reschedule) checks the sign-in behind its cookie in the
-- same statement as the write, instead of a separate lookup before it (docs/decisions/017-sign-in-checked-by-the-write.md).
-- A call carries either the parent the server already signed in ({parentId, parent}, as in 0010) or
--   {sessionHash, expiresAfter, idleCutoff, idleCutoffs: {role: cutoff}, touchBefore}
-- and is then run for the user of that sign-in only if it is still valid: the session row exists, has not
-- expired (expires_at after `expiresAfter`), was last used at or after the idle cutoff of the user's role, and
-- the account is active: the same rules as services/auth/session-user.ts, read inside the write's transaction. A
-- sign-in that is not valid answers {signedOut: true}; nothing is claimed or written for it. A valid one last
-- used before `touchBefore` has its last_seen_at moved to the call's `now`, as a lookup would.
-- Every other answer now also says whose it is (`userId`), for the stored Idempotency-Key answers.
CREATE OR REPLACE FUNCTION portal_repeatable_writes(calls jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_repeatable_writes.sql'; END $superseded$;
--> statement-breakpoint
ALTER FUNCTION portal_repeatable_writes(jsonb) SET plan_cache_mode = force_generic_plan;
