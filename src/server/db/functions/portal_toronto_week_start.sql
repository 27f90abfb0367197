-- The Toronto week (Monday 00:00 to the next Monday 00:00 on Toronto wall clocks) holding an instant, `weeks`
-- weeks ahead; the server's torontoWeekOf (src/shared/rules/week.ts) is the same (db/toronto-week.test.ts
-- compares the two across DST changes). Toronto midnight always exists (the clocks change at 2:00).
CREATE OR REPLACE FUNCTION public.portal_toronto_week_start(instant timestamp with time zone, weeks integer DEFAULT 0)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  SELECT (date_trunc('week', instant AT TIME ZONE 'America/Toronto') + make_interval(weeks => weeks)) AT TIME ZONE 'America/Toronto'
$function$;
