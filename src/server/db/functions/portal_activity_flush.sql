-- Issue 34: the unit of work of a staff member calls this just before its commit (db/unit-of-work.ts): the row changes
-- portal_activity_capture noted become one activity entry, with the actor of `portal.activity_actor` (id, role, name,
-- kind, address as JSON). Nothing noted, nothing written. Fails (and so rolls the change back) when the entry cannot be written.
CREATE OR REPLACE FUNCTION public.portal_activity_flush()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  actor jsonb := nullif(current_setting('portal.activity_actor', true), '')::jsonb;
  noted jsonb := nullif(current_setting('portal.activity_changes', true), '')::jsonb;
BEGIN
  IF actor IS NULL OR noted IS NULL OR jsonb_array_length(noted) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO activity_entries (actor_id, actor_role, actor_name, kind, subject_type, subject_id, family_ids, session_ids,
                                changes, change_count, address)
  VALUES ((actor ->> 'id')::uuid, actor ->> 'role', actor ->> 'name', actor ->> 'kind',
          noted -> 0 ->> 'table', noted -> 0 ->> 'id',
          coalesce((SELECT array_agg(DISTINCT (c ->> 'family')::uuid) FROM jsonb_array_elements(noted) c WHERE c ->> 'family' IS NOT NULL), '{}'),
          coalesce((SELECT array_agg(DISTINCT (c ->> 'session')::uuid) FROM jsonb_array_elements(noted) c WHERE c ->> 'session' IS NOT NULL), '{}'),
          noted, current_setting('portal.activity_count')::integer, actor ->> 'address');
  PERFORM set_config('portal.activity_changes', '', true);
  PERFORM set_config('portal.activity_count', '0', true);
END
$function$;
