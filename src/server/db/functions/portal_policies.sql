-- Settings → Policies (issue 32) as the database reads them: the stored value over the defaults, which are the same as
-- DEFAULT_POLICIES in src/shared/schemas/settings.ts (db/policies-parity.test.ts compares the two). A stored value
-- always passed policiesSchema when it was saved.
CREATE OR REPLACE FUNCTION public.portal_policies()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  SELECT '{"cancellationCutoffHours": 2, "makeupCreditsEnabled": true, "makeupCreditValidityDays": 30, "noShowRuleEnabled": false, "noShowLimit": 3}'::jsonb
    || coalesce((SELECT bs.value FROM business_settings bs WHERE bs.key = 'policies' AND jsonb_typeof(bs.value) = 'object'), '{}'::jsonb)
$function$;
