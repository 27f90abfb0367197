-- Every minute, on one instance (services/scheduled-jobs): entries of sessions whose waitlist has closed (or that were
-- cancelled) expire, and sessions with free spots and people waiting are filled (a spot nobody could take when it
-- freed, say a child at their weekly limit, goes to them once the limit allows). Sessions and children another
-- transaction holds are skipped until the next run: the sweep never waits on a lock.
CREATE OR REPLACE FUNCTION public.portal_waitlist_sweep(now_at timestamp with time zone, closes_before timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  expired integer;
  promoted integer := 0;
  target uuid;
BEGIN
  WITH closing AS (
    SELECT id FROM sessions WHERE waitlist_count > 0 AND (starts_at <= closes_before OR status = 'CANCELLED')
    ORDER BY id FOR UPDATE SKIP LOCKED
  )
  UPDATE waitlist_entries w SET status = 'EXPIRED', ended_at = now_at FROM closing WHERE w.session_id = closing.id AND w.status = 'WAITING';
  GET DIAGNOSTICS expired = ROW_COUNT;
  FOR target IN SELECT id FROM sessions
    WHERE waitlist_count > 0 AND status = 'SCHEDULED' AND starts_at > closes_before AND booked_count < capacity
    ORDER BY id FOR UPDATE SKIP LOCKED LOOP
    promoted := promoted + portal_promote_waitlist(target, now_at, closes_before, false);
  END LOOP;
  RETURN jsonb_build_object('expired', expired, 'promoted', promoted);
END
$function$;
