-- Issue 18: the booking functions of migration 0008 at a lower database cost (docs/decisions/015-booking-in-one-statement.md,
-- "Measured costs"). Same rules, same refusals, same locks in the same order; what changes is how much work
-- PostgreSQL does per call:
-- * Helpers written in SQL that PostgreSQL cannot inline (a set-returning function, a body with a sub-select)
--   were parsed and planned again on every call; as PL/pgSQL their plans are cached per connection.
-- * The change-topic triggers of bookings and children read their user_id directly instead of turning the whole
--   row into JSON, and the sessions trigger compares rows instead of two JSON copies of them.
-- * portal_book locks and reads the named children in one statement, and writes the children, the spots and
--   the e-mail in one.
CREATE OR REPLACE FUNCTION public.portal_weekly_usage(child_ids uuid[], week_of timestamp with time zone, exclude_booking uuid DEFAULT NULL::uuid)
 RETURNS TABLE(child_id uuid, used integer)
 LANGUAGE plpgsql
 STABLE
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH theirs AS MATERIALIZED (
    SELECT bc.child_id, bc.booking_id FROM booking_children bc WHERE bc.child_id = ANY (child_ids)
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
