-- Issue 32: when a make-up credit given at given_at stops: the end of the Toronto day `days` days after (the first
-- instant of the next Toronto day), the same as creditExpiry (src/shared/rules/cancellation.ts; parity test).
CREATE OR REPLACE FUNCTION public.portal_credit_expiry(given_at timestamp with time zone, days integer)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
AS $function$
  SELECT (((given_at AT TIME ZONE 'America/Toronto')::date + days + 1)::timestamp) AT TIME ZONE 'America/Toronto'
$function$;
