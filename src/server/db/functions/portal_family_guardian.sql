-- The guardian a family's answer and the office's lists name: `prefer` when it is a live guardian of the family, else
-- the family's first live guardian (then the first at all, for a family whose guardians were all removed), as
-- {id, firstName, lastName, email}; null for a family without any.
CREATE OR REPLACE FUNCTION public.portal_family_guardian(family uuid, prefer uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  SELECT jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
  FROM users u
  WHERE u.family_id = family
  ORDER BY u.deleted_at IS NULL DESC, u.id = prefer DESC NULLS LAST, u.created_at, u.id
  LIMIT 1
$function$;
