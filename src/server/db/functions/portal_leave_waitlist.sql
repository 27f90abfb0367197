-- The family leaves a waitlist (LEFT), or the office removes an entry (REMOVED, recorded for the family page).
-- Leaving twice is leaving once; an entry already promoted is a booking to cancel instead.
CREATE OR REPLACE FUNCTION public.portal_leave_waitlist(parent_id uuid, entry_id uuid, now_at timestamp with time zone, office jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  e waitlist_entries;
  facts jsonb;
BEGIN
  SELECT * INTO e FROM waitlist_entries WHERE id = entry_id AND family_id = parent_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refusal', 'waitlist-entry-not-found');
  END IF;
  PERFORM 1 FROM sessions WHERE id = e.session_id FOR UPDATE;
  SELECT * INTO e FROM waitlist_entries WHERE id = entry_id FOR UPDATE;
  IF e.status = 'WAITING' THEN
    UPDATE waitlist_entries SET status = CASE WHEN office IS NULL THEN 'LEFT' ELSE 'REMOVED' END, ended_at = now_at
    WHERE id = e.id RETURNING * INTO e;
    IF office IS NOT NULL THEN
      facts := portal_waitlist_facts(e);
      PERFORM portal_record_office_action(office, e.family_id, 'WAITLIST_REMOVE', NULL, jsonb_build_object(
        'session', facts -> 'session', 'className', facts -> 'session' -> 'classType' ->> 'name', 'childNames', facts -> 'childNames'));
    END IF;
  ELSIF e.status = 'PROMOTED' THEN
    RETURN jsonb_build_object('refusal', 'waitlist-promoted');
  ELSIF NOT (e.status = 'LEFT' AND office IS NULL) THEN
    RETURN jsonb_build_object('refusal', 'waitlist-not-waiting');
  END IF;
  RETURN jsonb_build_object('entry', portal_waitlist_facts(e));
END
$function$;
