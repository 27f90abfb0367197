-- Issue 34, the activity log (decision 030): an AFTER ROW trigger of every audited table, fired only while a staff
-- member's unit of work runs (its WHEN: `portal.activity_actor` is set, db/unit-of-work.ts). It notes the row's change
-- in the transaction-local setting `portal.activity_changes` (the first 100; `portal.activity_count` counts them all);
-- portal_activity_flush writes them as one entry before the commit. A field's value is copied unless the field is
-- hidden (portal_activity_hidden_field: secrets and notes are marked, never copied) or the transaction erases a family
-- (`portal.activity_values` = 'off'). Derived counters and stamps are left out; an UPDATE that changed only those is no change.
-- `label` names the row as people know it (a class's or child's name, a guardian's, a closure's reason).
CREATE OR REPLACE FUNCTION public.portal_activity_capture()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  the_row jsonb := coalesce(new_row, old_row);
  with_values boolean := coalesce(current_setting('portal.activity_values', true), '') <> 'off';
  total integer := coalesce(nullif(current_setting('portal.activity_count', true), '')::integer, 0);
  fields jsonb := '[]'::jsonb;
  field text;
  before_value jsonb;
  after_value jsonb;
  family_id text := the_row ->> 'family_id';
  session_id text := the_row ->> 'session_id';
BEGIN
  FOR field IN SELECT jsonb_object_keys(the_row) ORDER BY 1 LOOP
    CONTINUE WHEN field IN ('created_at', 'updated_at', 'name_key', 'booked_count', 'waitlist_count', 'calendar_sequence',
                            'placed_at', 'trigger_count', 'last_triggered');
    before_value := old_row -> field;
    after_value := new_row -> field;
    CONTINUE WHEN TG_OP = 'UPDATE' AND before_value = after_value;
    CONTINUE WHEN TG_OP = 'INSERT' AND after_value = 'null'::jsonb;
    CONTINUE WHEN TG_OP = 'DELETE' AND before_value = 'null'::jsonb;
    IF NOT with_values OR portal_activity_hidden_field(TG_TABLE_NAME, field) THEN
      fields := fields || jsonb_build_array(jsonb_build_object('field', field, 'redacted', true));
    ELSE
      fields := fields || jsonb_build_array(jsonb_build_object('field', field, 'before', before_value, 'after', after_value));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND jsonb_array_length(fields) = 0 THEN
    RETURN NULL;
  END IF;

  IF TG_TABLE_NAME = 'families' THEN
    family_id := the_row ->> 'id';
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    session_id := the_row ->> 'id';
  ELSIF TG_TABLE_NAME = 'booking_children' THEN
    SELECT b.family_id::text, b.session_id::text INTO family_id, session_id FROM bookings b WHERE b.id = (the_row ->> 'booking_id')::uuid;
  END IF;

  total := total + 1;
  PERFORM set_config('portal.activity_count', total::text, true);
  IF total <= 100 THEN
    PERFORM set_config('portal.activity_changes',
      (coalesce(nullif(current_setting('portal.activity_changes', true), ''), '[]')::jsonb || jsonb_build_array(jsonb_build_object(
        'table', TG_TABLE_NAME,
        'op', TG_OP,
        'id', coalesce(the_row ->> 'id', the_row ->> 'key', (the_row ->> 'booking_id') || '/' || (the_row ->> 'child_id'),
                       the_row ->> 'user_id', TG_TABLE_NAME),
        'label', CASE WHEN with_values THEN coalesce(the_row ->> 'name', nullif(trim(concat(the_row ->> 'first_name', ' ', the_row ->> 'last_name')), ''),
                                                  the_row ->> 'child_name', the_row ->> 'reason', the_row ->> 'key', the_row ->> 'endpoint') END,
        'family', family_id,
        'session', session_id,
        'fields', fields)))::text,
      true);
  END IF;
  RETURN NULL;
END
$function$;
