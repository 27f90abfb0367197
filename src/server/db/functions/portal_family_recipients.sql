-- Who a family's e-mail goes to (issue 31, docs/product-rules.md "Families"): the guardian who acted and every other
-- guardian with 'copy me' on; when no guardian acted (the office, a promotion of an entry older than the families),
-- every guardian. Only live, active accounts; the one who acted first. Each as {id, firstName, lastName, email}.
CREATE OR REPLACE FUNCTION public.portal_family_recipients(family uuid, actor uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
                            ORDER BY u.id = actor DESC NULLS LAST, u.created_at, u.id), '[]'::jsonb)
  FROM users u
  WHERE u.family_id = family AND u.deleted_at IS NULL AND u.is_active AND (actor IS NULL OR u.id = actor OR u.copy_me)
$function$;
