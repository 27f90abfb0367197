-- Children the family has just booked into a session leave its waiting entries there (an entry left with no child
-- has been LEFT).
CREATE OR REPLACE FUNCTION public.portal_unwait_booked_children(target uuid, parent_id uuid, kid_ids uuid[], now_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE waitlist_entries w SET (status, ended_at, child_ids, child_names) = (
    SELECT CASE WHEN count(*) = 0 THEN 'LEFT' ELSE 'WAITING' END,
           CASE WHEN count(*) = 0 THEN now_at END,
           CASE WHEN count(*) = 0 THEN w.child_ids ELSE array_agg(a.id ORDER BY a.ord) END,
           CASE WHEN count(*) = 0 THEN w.child_names ELSE array_agg(w.child_names[a.ord] ORDER BY a.ord) END
    FROM unnest(w.child_ids) WITH ORDINALITY AS a(id, ord) WHERE a.id <> ALL (kid_ids))
  WHERE w.session_id = target AND w.family_id = parent_id AND w.status = 'WAITING' AND w.child_ids && kid_ids;
END
$function$;
