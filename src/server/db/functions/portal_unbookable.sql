-- Why a session cannot take a booking now (NULL when it can): cancelled, started, or outside the booking
-- window (this Toronto week and the next).
CREATE OR REPLACE FUNCTION public.portal_unbookable(s sessions, now_at timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT CASE
    WHEN s.status = 'CANCELLED' THEN 'session-cancelled'
    WHEN s.starts_at <= now_at THEN 'session-started'
    WHEN s.starts_at < portal_toronto_week_start(now_at) OR s.starts_at >= portal_toronto_week_start(now_at, 2) THEN 'outside-window'
  END
$function$;
