-- Issue 20: when the database refuses several children of one booking, the answer names each of them, with the
-- reason for each: the children already booked in the session and every child (not only the first) whose weekly
-- limit the booking would pass, with what they have used of it (docs/product-rules.md, Bookings). The refusal kinds
-- stay ('already-booked' first, then 'weekly-limit'), each now carrying the list of children over their limit.
-- A booking that goes through runs exactly the checks of migration 0009 (the same two statements): the lists are
-- built only once a refusal is certain, so the Monday rush pays nothing for them.
CREATE OR REPLACE FUNCTION portal_refuse_children(s sessions, kid_ids uuid[], kid_names text[], kid_limits integer[], exclude_booking uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_refuse_children.sql'; END $superseded$;
