-- The office removed children of a family (services/users/write-children.ts): they leave the family's waiting
-- entries (an entry left with no child has been REMOVED). The sessions are locked first, in id order.
CREATE OR REPLACE FUNCTION public.portal_unwait_removed_children(parent_id uuid, kid_ids uuid[], now_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM sessions WHERE id IN (
    SELECT w.session_id FROM waitlist_entries w WHERE w.family_id = parent_id AND w.status = 'WAITING' AND w.child_ids && kid_ids)
  ORDER BY id FOR UPDATE;
  UPDATE waitlist_entries w SET (status, ended_at, child_ids, child_names) = (
    SELECT CASE WHEN count(*) = 0 THEN 'REMOVED' ELSE 'WAITING' END,
           CASE WHEN count(*) = 0 THEN now_at END,
           CASE WHEN count(*) = 0 THEN w.child_ids ELSE array_agg(a.id ORDER BY a.ord) END,
           CASE WHEN count(*) = 0 THEN w.child_names ELSE array_agg(w.child_names[a.ord] ORDER BY a.ord) END
    FROM unnest(w.child_ids) WITH ORDINALITY AS a(id, ord) WHERE a.id <> ALL (kid_ids))
  WHERE w.family_id = parent_id AND w.status = 'WAITING' AND w.child_ids && kid_ids;
END
$function$;
