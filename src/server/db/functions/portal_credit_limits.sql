-- Issue 32 (docs/product-rules.md "Absences, make-ups and closures"): the weekly limits a booking of session s checks
-- once make-up credits count, and the credits it takes. A child whose week already holds its limit (used + 1 > limit,
-- the week's use without moving_booking) and that has a credit for the session may go one beyond: its limit becomes
-- used + 1 and the credit is taken (`take`). A place being moved (moving_booking, a reschedule to another week) keeps
-- the credit it used when it still needs one and the credit covers the new session; a credit it no longer needs, or
-- that cannot cover the new session, is given back (`release`). NULL when no child of kid_ids has a credit to use or
-- to keep (the common case: one indexed lookup). The caller holds the children's row locks and applies take/release.
CREATE OR REPLACE FUNCTION public.portal_credit_limits(s sessions, kid_ids uuid[], kid_limits integer[], moving_booking uuid, OUT limits integer[], OUT take uuid[], OUT release uuid[])
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM makeup_credits mc
    WHERE mc.child_id = ANY (kid_ids) AND mc.removed_at IS NULL
      AND ((mc.used_booking_id IS NULL AND mc.expires_at > s.starts_at) OR (moving_booking IS NOT NULL AND mc.used_booking_id = moving_booking))
  ) THEN
    RETURN;
  END IF;
  WITH kid AS (
    SELECT k.id, k.lim, k.ord, coalesce(u.used, 0) AS used,
           (SELECT mc.id FROM makeup_credits mc
            WHERE moving_booking IS NOT NULL AND mc.used_booking_id = moving_booking AND mc.child_id = k.id AND mc.removed_at IS NULL
            ORDER BY mc.expires_at LIMIT 1) AS held
    FROM unnest(kid_ids, kid_limits) WITH ORDINALITY AS k(id, lim, ord)
    LEFT JOIN portal_weekly_usage(kid_ids, s.starts_at, moving_booking) u ON u.child_id = k.id
  ), decided AS (
    SELECT kid.*,
           CASE WHEN kid.used + 1 > kid.lim THEN coalesce(
             (SELECT mc.id FROM makeup_credits mc WHERE mc.id = kid.held AND mc.expires_at > s.starts_at),
             portal_usable_credit(kid.id, s.starts_at)) END AS credit
    FROM kid
  )
  SELECT array_agg(CASE WHEN d.credit IS NOT NULL THEN d.used + 1 ELSE d.lim END ORDER BY d.ord),
         coalesce(array_agg(d.credit ORDER BY d.ord) FILTER (WHERE d.credit IS NOT NULL), '{}'),
         coalesce(array_agg(d.held ORDER BY d.ord) FILTER (WHERE d.held IS NOT NULL AND d.held IS DISTINCT FROM d.credit), '{}')
  INTO limits, take, release
  FROM decided d;
END
$function$;
