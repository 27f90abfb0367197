-- Change notifications for the per-instance read caches (src/server/cache, docs/decisions/012-read-caches.md).
-- Every committed change that a cached read depends on sends NOTIFY portal_changes with a topic; each
-- instance LISTENs and drops what the topic made stale. PostgreSQL delivers notifications only at commit, in
-- commit order, and merges identical ones within a transaction. Triggers, not application code, so no write
-- path (admin screens, CSV import, webhooks, the CLI, psql) can forget one. Topics:
--   session:<auth_sessions.id>  a sign-in ended or changed      user:<users.id>  the account itself
--   family:<families.id>        the family, its guardians, children, bookings or waiting entries
--   calendar                    any session or class type (spots included)
--   bookings                    a session's time, place, status or class changed (every "my bookings" list)
--   classes                     the class types
-- One place that sends a topic. NOTIFY inside a writing transaction takes PostgreSQL's global notification
-- lock from its commit until the commit record is flushed, so busy writers would commit one at a time. A
-- transaction that set portal.defer_announcements = 'on' (the parents' booking changes,
-- src/server/cache/announcements.ts) collects its topics in portal.pending_announcements instead, and the app
-- sends them right after the commit in a statement of their own (no WAL flush, the lock held for an instant).
CREATE OR REPLACE FUNCTION public.portal_announce(topic text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF current_setting('portal.defer_announcements', true) = 'on' THEN
    PERFORM set_config('portal.pending_announcements',
      coalesce(current_setting('portal.pending_announcements', true), '') || topic || E'\n', true);
  ELSE
    PERFORM pg_notify('portal_changes', topic);
  END IF;
END
$function$;
