-- The refusals for children about to take spots in a session (rescheduling, 'Promote now' and promotion call it):
-- ineligible children first (portal_ineligible), then spots, already booked here and weekly limits
-- (portal_refuse_spots_and_limits). No spot, waitlist or limit makes an ineligible child bookable.
CREATE OR REPLACE FUNCTION public.portal_refuse_children(s sessions, kid_ids uuid[], kid_names text[], kid_limits integer[], exclude_booking uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN coalesce(portal_ineligible(s, kid_ids), portal_refuse_spots_and_limits(s, kid_ids, kid_names, kid_limits, exclude_booking));
END
$function$;
