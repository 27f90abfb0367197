-- Issue 34: the fields an activity entry marks as changed without copying their values: secrets (password hashes,
-- feed and link tokens, webhook keys, second factors' secrets and keys), notes (medical notes, the office's notes, a credit's note) and whatever a CRM
-- delivery held (a cleaned webhook log).
CREATE OR REPLACE FUNCTION public.portal_activity_hidden_field(table_name text, field text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT table_name = 'webhook_logs'
      OR field IN ('password_hash', 'calendar_feed_hash', 'secret_key', 'token_hash', 'medical_notes', 'secrets',
                  'secret', 'code_hash', 'public_key')
      OR field LIKE '%note%'
$function$;
