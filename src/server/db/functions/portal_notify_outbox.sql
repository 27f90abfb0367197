-- The unit of work (docs/decisions/014-unit-of-work.md): a statement that queues e-mail leaves the 'outbox' topic
-- through portal_announce. Inside a unit of work it is only noted, and the unit of work wakes the e-mail worker after
-- the commit; a plain write notifies it on portal_changes.
CREATE OR REPLACE FUNCTION public.portal_notify_outbox()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM portal_announce('outbox');
  RETURN NULL;
END
$function$;
