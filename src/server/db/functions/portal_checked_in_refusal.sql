-- Item 3: a booking with a child checked in at the door stays where it is: it is neither moved nor cancelled (the
-- family is told to ask the office; the office undoes the check-in first). Answers the refusal naming those children.
CREATE OR REPLACE FUNCTION public.portal_checked_in_refusal(for_booking uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  SELECT jsonb_build_object('refusal', 'checked-in', 'names', jsonb_agg(bc.child_name ORDER BY bc.position))
  FROM booking_children bc WHERE bc.booking_id = for_booking AND bc.checked_in_at IS NOT NULL AND bc.cancelled_at IS NULL
  HAVING count(*) > 0
$function$;
