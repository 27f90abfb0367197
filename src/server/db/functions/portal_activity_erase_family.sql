-- Issue 34 with issue 31's erasure: the entries about an erased family keep who did what and when, but the values of
-- that family's row changes are replaced by the fields' names (as hidden fields are); and the erasure's own entry,
-- written at its commit, copies no values (`portal.activity_values` off for the rest of the transaction).
CREATE OR REPLACE FUNCTION public.portal_activity_erase_family(family uuid)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  scrubbed integer;
BEGIN
  PERFORM set_config('portal.activity_values', 'off', true);
  PERFORM set_config('portal.activity_maintenance', 'on', true);
  UPDATE activity_entries e
     SET changes = (
       SELECT jsonb_agg(CASE WHEN c ->> 'family' = family::text
                             THEN jsonb_set(c - 'label', '{fields}', coalesce((SELECT jsonb_agg(jsonb_build_object('field', f ->> 'field', 'redacted', true))
                                                                       FROM jsonb_array_elements(c -> 'fields') f), '[]'::jsonb))
                             ELSE c END ORDER BY n)
         FROM jsonb_array_elements(e.changes) WITH ORDINALITY AS x(c, n))
   WHERE family = ANY (e.family_ids);
  GET DIAGNOSTICS scrubbed = ROW_COUNT;
  PERFORM set_config('portal.activity_maintenance', '', true);
  RETURN scrubbed;
END
$function$;
