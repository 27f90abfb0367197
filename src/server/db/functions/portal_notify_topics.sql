-- A statement trigger that announces the topics given as its arguments (sessions truncated, class types changed).
CREATE OR REPLACE FUNCTION public.portal_notify_topics()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  topic text;
BEGIN
  FOREACH topic IN ARRAY TG_ARGV LOOP
    PERFORM portal_announce(topic);
  END LOOP;
  RETURN NULL;
END
$function$;
