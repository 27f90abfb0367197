-- Two names of one request that found the same child (the server refuses two spellings of one key before asking;
-- this decides by the child found, whatever matched): the refusal with the spellings given for that child.
CREATE OR REPLACE FUNCTION public.portal_named_twice(typed text[], kid_ids uuid[])
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT jsonb_build_object('refusal', 'named-twice', 'names', jsonb_agg(typed[k.ord] ORDER BY k.ord))
  FROM unnest(kid_ids) WITH ORDINALITY AS k(id, ord)
  WHERE k.id = (SELECT d.id FROM unnest(kid_ids) WITH ORDINALITY AS d(id, ord) GROUP BY d.id HAVING count(*) > 1 ORDER BY min(d.ord) LIMIT 1)
  HAVING count(*) > 0
$function$;
