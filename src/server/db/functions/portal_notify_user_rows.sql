-- Rows that carry their family's id in family_id (children, bookings, waiting entries, guardians): every guardian's reads of the family are stale.
CREATE OR REPLACE FUNCTION public.portal_notify_user_rows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.family_id IS NOT NULL THEN
      PERFORM portal_announce('family:' || OLD.family_id::text);
    END IF;
  END IF;
  IF (TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.family_id IS DISTINCT FROM OLD.family_id)) AND NEW.family_id IS NOT NULL THEN
    PERFORM portal_announce('family:' || NEW.family_id::text);
  END IF;
  RETURN NULL;
END
$function$;
