-- Eligibility details (issue 31; src/shared/rules/eligibility.ts missingDetailsOf is the same rule in the browser): a
-- class type with an age range needs each child's date of birth, a girls-only one each child's sex, before the child
-- is booked. portal_book asks it after portal_ineligible (what is recorded refuses first), for the family and the
-- front desk alike. Answers NULL, or the refusal naming every child lacking a detail (in the order chosen) with the
-- details ('birthDate', 'sex', in that order), and the class.
CREATE OR REPLACE FUNCTION public.portal_details_missing(s sessions, kid_ids uuid[])
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  ct class_types;
  lacking jsonb;
BEGIN
  SELECT * INTO ct FROM class_types WHERE id = s.class_type_id;
  IF ct.min_age IS NULL AND ct.max_age IS NULL AND NOT ct.girls_only THEN
    RETURN NULL;
  END IF;
  SELECT jsonb_agg(jsonb_build_object('name', c.name, 'fields', to_jsonb(f.fields)) ORDER BY k.ord)
  INTO lacking
  FROM unnest(kid_ids) WITH ORDINALITY AS k(id, ord)
  JOIN children c ON c.id = k.id
  CROSS JOIN LATERAL (
    SELECT array_remove(ARRAY[
      CASE WHEN (ct.min_age IS NOT NULL OR ct.max_age IS NOT NULL) AND c.birth_date IS NULL THEN 'birthDate' END,
      CASE WHEN ct.girls_only AND c.sex IS NULL THEN 'sex' END
    ], NULL) AS fields
  ) f
  WHERE cardinality(f.fields) > 0;
  IF lacking IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN jsonb_build_object('refusal', 'details-missing', 'children', lacking, 'classType',
    jsonb_build_object('name', ct.name, 'minAge', ct.min_age, 'maxAge', ct.max_age, 'girlsOnly', ct.girls_only));
END
$function$;
