-- Issue 32: the make-up credit a booking of a session starting at starts_at can use for a child: its earliest-ending
-- credit that is not used, not removed, and ends after the start (a session starting at or after a credit's end cannot
-- use it). The same rule as creditFor (src/shared/rules/makeup-credits.ts; src/server/db/policies-parity.test.ts). The caller
-- holds the child's row lock (decision 022), so two bookings cannot take one credit.
CREATE OR REPLACE FUNCTION public.portal_usable_credit(the_child uuid, starts_at timestamp with time zone)
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$
  SELECT mc.id FROM makeup_credits mc
  WHERE mc.child_id = the_child AND mc.used_booking_id IS NULL AND mc.removed_at IS NULL AND mc.expires_at > starts_at
  ORDER BY mc.expires_at, mc.created_at, mc.id
  LIMIT 1
$function$;
