-- A family's account is closing (services/users/delete-user.ts): its waiting entries end (REMOVED) first, so no
-- spot its own cancellations free is given back to it. The sessions are locked first, in id order.
CREATE OR REPLACE FUNCTION public.portal_end_family_waitlist(parent_id uuid, now_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM sessions WHERE id IN (SELECT w.session_id FROM waitlist_entries w WHERE w.family_id = parent_id AND w.status = 'WAITING')
  ORDER BY id FOR UPDATE;
  UPDATE waitlist_entries SET status = 'REMOVED', ended_at = now_at WHERE family_id = parent_id AND status = 'WAITING';
END
$function$;
