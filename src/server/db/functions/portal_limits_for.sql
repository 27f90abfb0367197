-- The limits a booking checks: the children's own, or none the office overrides.
CREATE OR REPLACE FUNCTION public.portal_limits_for(kid_limits integer[], office jsonb)
 RETURNS integer[]
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE WHEN coalesce((office ->> 'overrideWeeklyLimit')::boolean, false)
    THEN array_fill(2147483646, ARRAY[coalesce(cardinality(kid_limits), 0)]) ELSE kid_limits END
$function$;
