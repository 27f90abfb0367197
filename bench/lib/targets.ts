/** The targets and the routes the report names. */
export const TARGETS = {
  postgres: { healthOfBare: 0.6, routeOfHealth: 0.4, p99Ms: 50, bookingsPerSec: 1000, bookingsOfBareInsert: 0.35, weekRushOfBareInsert: 0.35 },
  pglite: { calendarOfHealth: 0.4, p99Ms: 100 },
  scale: { maxRatio: 1.5 },
  rush: { parents: 200, capacity: 20 },
} as const;

export const READ_ROUTES = ['health', 'me', 'calendar', 'myBookings'] as const;
export type ReadRoute = (typeof READ_ROUTES)[number];
export const SCALE_ROUTES = ['calendar', 'myBookings', 'adminSessions', 'adminUsers'] as const;
export type ScaleRoute = (typeof SCALE_ROUTES)[number];

export const ROUTE_LABELS: Record<ReadRoute | ScaleRoute | 'bare', string> = {
  bare: 'bare node:http (ceiling)',
  health: 'GET /api/health',
  me: 'GET /api/me',
  calendar: 'GET /api/sessions (calendar, 2 weeks)',
  myBookings: 'GET /api/me/bookings',
  adminSessions: 'GET /api/sessions (admin table page)',
  adminUsers: 'GET /api/admin/users?search=…',
};

