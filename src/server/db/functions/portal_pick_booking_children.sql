-- Issue 32, one child at a time: the children of a booking a cancellation or a move names (matched like a booking
-- matches names: portal_child_name_key of the name the booking holds). Answers a refusal naming the names the booking
-- does not have ('child-not-in-booking'), or the children it no longer holds ('child-already-cancelled'), or two
-- names of one child ('named-twice'); else {ids, names, whole}: the named children in the booking's order, and whether
-- they are every child the booking still holds (then the whole booking is cancelled or moved, as before issue 32).
CREATE OR REPLACE FUNCTION public.portal_pick_booking_children(for_booking uuid, child_names text[])
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  missing text[];
  gone text[];
  found_ids uuid[];
  kid_ids uuid[];
  kid_names text[];
  held integer;
BEGIN
  SELECT array_agg(a.n ORDER BY a.ord) FILTER (WHERE bc.child_id IS NULL),
         array_agg(bc.child_name ORDER BY a.ord) FILTER (WHERE bc.cancelled_at IS NOT NULL),
         array_agg(bc.child_id ORDER BY a.ord) FILTER (WHERE bc.child_id IS NOT NULL)
  INTO missing, gone, found_ids
  FROM unnest(child_names) WITH ORDINALITY AS a(n, ord)
  LEFT JOIN booking_children bc ON bc.booking_id = for_booking AND portal_child_name_key(bc.child_name) = portal_child_name_key(a.n);
  IF missing IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', 'child-not-in-booking', 'names', to_jsonb(missing));
  END IF;
  IF cardinality(found_ids) > 1 AND (SELECT count(DISTINCT x) FROM unnest(found_ids) AS x) < cardinality(found_ids) THEN
    RETURN portal_named_twice(child_names, found_ids);
  END IF;
  IF gone IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', 'child-already-cancelled', 'names', to_jsonb(gone));
  END IF;
  SELECT array_agg(bc.child_id ORDER BY bc.position), array_agg(bc.child_name ORDER BY bc.position) INTO kid_ids, kid_names
  FROM booking_children bc WHERE bc.booking_id = for_booking AND bc.child_id = ANY (found_ids);
  SELECT count(*) INTO held FROM booking_children bc WHERE bc.booking_id = for_booking AND bc.cancelled_at IS NULL;
  RETURN jsonb_build_object('ids', to_jsonb(kid_ids), 'names', to_jsonb(kid_names), 'whole', cardinality(kid_ids) >= held);
END
$function$;
