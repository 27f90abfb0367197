-- Fills a session's free spots from its waitlist, in order (decision 020), each entry tried on its own (a
-- subtransaction): an entry that cannot be promoted for any reason, a refusal or an error, is skipped, keeps its
-- place and is logged (a WARNING: the PostgreSQL log, and the server's log through the connection's notices); the
-- cancellation, reschedule or session edit that freed the spots is never undone by it.
CREATE OR REPLACE FUNCTION public.portal_promote_waitlist(target uuid, now_at timestamp with time zone, closes_before timestamp with time zone, wait_for_locks boolean DEFAULT true)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  s sessions;
  e waitlist_entries;
  family record;
  kid_ids uuid[];
  kid_names text[];
  kid_limits integer[];
  promoted integer := 0;
  booked boolean;
BEGIN
  SELECT * INTO s FROM sessions WHERE id = target;
  IF NOT FOUND OR s.status <> 'SCHEDULED' OR s.waitlist_count = 0 OR s.booked_count >= s.capacity
     OR s.starts_at <= closes_before OR s.starts_at <= now_at THEN
    RETURN 0;
  END IF;
  FOR e IN SELECT * FROM waitlist_entries w WHERE w.session_id = target AND w.status = 'WAITING' ORDER BY w.created_at, w.id FOR UPDATE LOOP
    EXIT WHEN s.booked_count >= s.capacity;
    CONTINUE WHEN cardinality(e.child_ids) > s.capacity - s.booked_count;
    -- The answer's guardian: the one who joined, else the family's first; a family without an active guardian waits.
    SELECT u.id, u.first_name, u.last_name, u.email INTO family FROM users u
    WHERE u.family_id = e.family_id AND u.deleted_at IS NULL AND u.is_active
    ORDER BY u.id = e.joined_by_user_id DESC NULLS LAST, u.created_at, u.id LIMIT 1;
    CONTINUE WHEN NOT FOUND;
    booked := false;
    BEGIN
      kid_ids := NULL;
      IF wait_for_locks THEN
        SELECT array_agg(k.id ORDER BY k.ord), array_agg(k.name ORDER BY k.ord), array_agg(k.weekly_limit ORDER BY k.ord)
        INTO kid_ids, kid_names, kid_limits
        FROM (SELECT c.id, c.name, c.weekly_limit, a.ord FROM unnest(e.child_ids) WITH ORDINALITY AS a(id, ord)
              JOIN children c ON c.id = a.id AND c.removed_at IS NULL ORDER BY c.id FOR UPDATE OF c) k;
      ELSE
        SELECT array_agg(k.id ORDER BY k.ord), array_agg(k.name ORDER BY k.ord), array_agg(k.weekly_limit ORDER BY k.ord)
        INTO kid_ids, kid_names, kid_limits
        FROM (SELECT c.id, c.name, c.weekly_limit, a.ord FROM unnest(e.child_ids) WITH ORDINALITY AS a(id, ord)
              JOIN children c ON c.id = a.id AND c.removed_at IS NULL ORDER BY c.id FOR UPDATE OF c SKIP LOCKED) k;
      END IF;
      -- A child removed by the office (or, for the sweep, busy elsewhere), or one the rules refuse: the entry waits.
      IF coalesce(cardinality(kid_ids), 0) = cardinality(e.child_ids)
         AND portal_refuse_children(s, kid_ids, kid_names, kid_limits, NULL) IS NULL THEN
        PERFORM portal_book_from_waitlist(e, s, kid_ids, kid_names,
          jsonb_build_object('id', family.id, 'firstName', family.first_name, 'lastName', family.last_name, 'email', family.email), now_at, NULL);
        booked := true;
      END IF;
    EXCEPTION WHEN OTHERS THEN
      RAISE WARNING 'waitlist entry % of session % was not promoted and keeps its place: % (SQLSTATE %)', e.id, target, SQLERRM, SQLSTATE;
    END;
    CONTINUE WHEN NOT booked;
    promoted := promoted + cardinality(kid_ids);
    SELECT * INTO s FROM sessions WHERE id = target;
  END LOOP;
  RETURN promoted;
END
$function$;
