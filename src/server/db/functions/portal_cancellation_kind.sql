-- Issue 32: a child's cancellation at now_at of a session starting at starts_at is EARLY when now_at is before the
-- cut-off (the start minus the policy's hours, an instant: a DST change in between does not move it), else LATE.
-- The same rule as cancellationKind (src/shared/rules/cancellation.ts; parity test).
CREATE OR REPLACE FUNCTION public.portal_cancellation_kind(starts_at timestamp with time zone, now_at timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT CASE WHEN now_at < starts_at - make_interval(hours => (portal_policies() ->> 'cancellationCutoffHours')::integer)
    THEN 'EARLY' ELSE 'LATE' END
$function$;
