-- How many sessions each child has booked in the Toronto week holding an instant (the one definition of a child's
-- weekly use: the booking functions and services/bookings/count-weekly-usage.ts both call it), optionally leaving one
-- booking out (a reschedule's own). A child cancelled alone (issue 32: cancelled_at) uses none. PL/pgSQL, not SQL, so its plan is cached per connection
-- (docs/decisions/015-booking-in-one-statement.md, "Measured costs").
CREATE OR REPLACE FUNCTION public.portal_weekly_usage(child_ids uuid[], week_of timestamp with time zone, exclude_booking uuid DEFAULT NULL::uuid)
 RETURNS TABLE(child_id uuid, used integer)
 LANGUAGE plpgsql
 STABLE
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH theirs AS MATERIALIZED (
    SELECT bc.child_id, bc.booking_id FROM booking_children bc WHERE bc.child_id = ANY (child_ids) AND bc.cancelled_at IS NULL
  )
  SELECT t.child_id, count(*)::integer
  FROM theirs t
  JOIN bookings b ON b.id = t.booking_id
  JOIN sessions s ON s.id = b.session_id
  WHERE b.status = 'CONFIRMED'
    AND s.starts_at >= portal_toronto_week_start(week_of)
    AND s.starts_at < portal_toronto_week_start(week_of, 1)
    AND (exclude_booking IS NULL OR b.id <> exclude_booking)
  GROUP BY t.child_id;
END
$function$;
