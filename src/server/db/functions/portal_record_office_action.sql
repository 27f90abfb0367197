-- One office action, with what it was about as it read then.
CREATE OR REPLACE FUNCTION public.portal_record_office_action(office jsonb, family_id uuid, action text, booking_id uuid, details jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO office_actions (family_id, admin_id, admin_name, action, booking_id, note, details)
  VALUES (family_id, (office ->> 'adminId')::uuid, office ->> 'adminName', action, booking_id, nullif(office ->> 'note', ''), details);
END
$function$;
