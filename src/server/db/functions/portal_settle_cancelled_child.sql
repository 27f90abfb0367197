-- Issue 32: what a child's cancelled place gives (the one home of the make-up credit rules of a cancellation; the
-- cancellations and closures call it after stamping booking_children). A LATE cancellation gives nothing (a credit the
-- place used stays used). An EARLY or CLOSURE one gives back the credit the place used, if any; else, while credits are
-- on, a new credit for the child, lasting the policy's days. Answers 'returned', 'granted' or NULL.
CREATE OR REPLACE FUNCTION public.portal_settle_cancelled_child(the_booking uuid, the_family uuid, the_child uuid, kind text, now_at timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  policies jsonb := portal_policies();
BEGIN
  IF kind NOT IN ('EARLY', 'CLOSURE') THEN
    RETURN NULL;
  END IF;
  UPDATE makeup_credits SET used_booking_id = NULL, used_at = NULL
  WHERE used_booking_id = the_booking AND child_id = the_child AND removed_at IS NULL;
  IF FOUND THEN
    RETURN 'returned';
  END IF;
  IF NOT (policies ->> 'makeupCreditsEnabled')::boolean THEN
    RETURN NULL;
  END IF;
  INSERT INTO makeup_credits (family_id, child_id, reason, source_booking_id, created_at, expires_at)
  VALUES (the_family, the_child, CASE WHEN kind = 'CLOSURE' THEN 'CLOSURE' ELSE 'CANCELLATION' END, the_booking, now_at,
          portal_credit_expiry(now_at, (policies ->> 'makeupCreditValidityDays')::integer));
  RETURN 'granted';
END
$function$;
