-- Queues one e-mail of `template` to each of the family's recipients (portal_family_recipients), in the caller's
-- transaction: the same facts for each, with the recipient put at `user_path` (whom the message greets and goes to).
CREATE OR REPLACE FUNCTION public.portal_mail_family(family uuid, actor uuid, template text, data jsonb, user_path text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO email_outbox (to_address, template, template_data)
  SELECT r ->> 'email', template, jsonb_set(data, user_path, r - 'id')
  FROM jsonb_array_elements(portal_family_recipients(family, actor)) AS r;
END
$function$;
