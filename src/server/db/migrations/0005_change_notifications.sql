-- Change notifications for the per-instance read caches (src/server/cache, docs/decisions/012-read-caches.md).
-- Every committed change that a cached read depends on sends NOTIFY portal_changes with a topic; each
-- instance LISTENs and drops what the topic made stale. PostgreSQL delivers notifications only at commit, in
-- commit order, and merges identical ones within a transaction. Triggers, not application code, so no write
-- path (admin screens, CSV import, webhooks, the CLI, psql) can forget one. Topics:
--   session:<auth_sessions.id>  a sign-in ended or changed      user:<users.id>  the account, its children or bookings
--   calendar                    any session or class type (spots included)
--   bookings                    a session's time, place, status or class changed (every "my bookings" list)
--   classes                     the class types
-- One place that sends a topic. NOTIFY inside a writing transaction takes PostgreSQL's global notification
-- lock from its commit until the commit record is flushed, so busy writers would commit one at a time. A
-- transaction that set portal.defer_announcements = 'on' (the parents' booking changes,
-- src/server/cache/announcements.ts) collects its topics in portal.pending_announcements instead, and the app
-- sends them right after the commit in a statement of their own (no WAL flush, the lock held for an instant).
CREATE OR REPLACE FUNCTION portal_announce(topic text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.defer_announcements', true) = 'on' THEN
    PERFORM set_config('portal.pending_announcements',
      coalesce(current_setting('portal.pending_announcements', true), '') || topic || E'\n', true);
  ELSE
    PERFORM pg_notify('portal_changes', topic);
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_notify_auth_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_announce('session:' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify AFTER DELETE OR UPDATE OF id, token_hash, user_id, expires_at ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION portal_notify_auth_session();
--> statement-breakpoint
-- Rows that belong to one account: users (id), children and bookings (user_id).
CREATE OR REPLACE FUNCTION portal_notify_account() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END;
  column_name text := TG_ARGV[0];
BEGIN
  IF old_row IS NOT NULL THEN
    PERFORM portal_announce('user:' || (old_row ->> column_name));
  END IF;
  IF new_row IS NOT NULL AND (old_row IS NULL OR (old_row ->> column_name) IS DISTINCT FROM (new_row ->> column_name)) THEN
    PERFORM portal_announce('user:' || (new_row ->> column_name));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portal_notify_account('id');
--> statement-breakpoint
CREATE TRIGGER children_notify AFTER INSERT OR UPDATE OR DELETE ON children
  FOR EACH ROW EXECUTE FUNCTION portal_notify_account('user_id');
--> statement-breakpoint
CREATE TRIGGER bookings_notify AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION portal_notify_account('user_id');
--> statement-breakpoint
-- A booking's children: the account is the booking's (gone already when the booking itself was deleted,
-- and then the bookings trigger has announced it).
CREATE OR REPLACE FUNCTION portal_notify_booking_children() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  SELECT user_id INTO owner FROM bookings
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.booking_id ELSE NEW.booking_id END;
  IF owner IS NOT NULL THEN
    PERFORM portal_announce('user:' || owner::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_children_notify AFTER INSERT OR UPDATE OR DELETE ON booking_children
  FOR EACH ROW EXECUTE FUNCTION portal_notify_booking_children();
--> statement-breakpoint
-- Sessions: every change moves the calendar (booked_count included); a change of anything a booking shows
-- (not only the count) also stales every "my bookings" list.
CREATE OR REPLACE FUNCTION portal_notify_session_row()
 RETURNS trigger
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_notify_session_row.sql'; END $superseded$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION portal_notify_session_row();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_notify_topics() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topic text;
BEGIN
  FOREACH topic IN ARRAY TG_ARGV LOOP
    PERFORM portal_announce(topic);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_truncate_notify AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_topics('calendar', 'bookings');
--> statement-breakpoint
CREATE TRIGGER class_types_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON class_types
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_topics('calendar', 'bookings', 'classes');
