import { queryOptions } from '@tanstack/react-query';
import type { FamilyDetailResponse } from '../../shared/schemas/admin-users';
import type { AdminBookingDto, ChildStatsResponse, ReservationDto } from '../../shared/schemas/bookings';
import { businessSettingPath, type BusinessSettingKey, type BusinessSettingValue } from '../../shared/schemas/settings';
import type { RosterResponse } from '../../shared/schemas/sessions';
import type { TemplateListResponse } from '../../shared/schemas/field-mapping-templates';
import type { AdminStats } from '../../shared/schemas/stats';
import type { WebhookListResponse, WebhookLogDetail, WebhookLogListResponse } from '../../shared/schemas/webhooks';
import { apiRequest, withSearchParams } from './api';

/*
 * Admin reads that more than one admin feature reads or invalidates (features do not import each other), one
 * home each: the path, the keys and the query. Each key starts with its endpoint path, so `all` matches every
 * variant (any range, filter or limit).
 */

const ADMIN_STATS_PATH = '/api/admin/stats';

export const adminStatsKeys = {
  all: [ADMIN_STATS_PATH] as const,
};

/** GET /api/admin/stats (spec 7), the stat cards; every admin mutation that changes a number invalidates it. */
export function adminStatsQuery() {
  return queryOptions<AdminStats, Error>({
    queryKey: adminStatsKeys.all,
    queryFn: ({ signal }) => apiRequest<AdminStats>('GET', ADMIN_STATS_PATH, undefined, { signal }),
  });
}

const RESERVATIONS_PATH = '/api/admin/reservations';

/** The parameters of the reservations read: an inclusive range of Toronto days (YYYY-MM-DD), optionally one class code. */
export interface ReservationsParams {
  from: string;
  to: string;
  classCode?: string | undefined;
}

export const reservationsKeys = {
  all: [RESERVATIONS_PATH] as const,
  list: (params: ReservationsParams) => [RESERVATIONS_PATH, params] as const,
};

/**
 * GET /api/admin/reservations: every booking (any status) whose session starts in the range, by session start,
 * with its attendance (issue 22). A check-in changes the attendance: it invalidates `reservationsKeys.all`.
 */
export function reservationsQuery({ classCode, from, to }: ReservationsParams) {
  const params = { classCode, from, to };
  return queryOptions<ReservationDto[], Error>({
    queryKey: reservationsKeys.list(params),
    queryFn: ({ signal }) => apiRequest<ReservationDto[]>('GET', withSearchParams(RESERVATIONS_PATH, params), undefined, { signal }),
  });
}

const USERS_PATH = '/api/admin/users';

/** The family page's reads (issue 19): all under /api/admin/users/:id, so `all` matches every family's. */
export const familyKeys = {
  all: [USERS_PATH, 'family'] as const,
  detail: (userId: string) => [USERS_PATH, 'family', userId] as const,
  bookings: (userId: string) => [USERS_PATH, 'family', userId, 'bookings'] as const,
  childStats: (userId: string, week: string) => [USERS_PATH, 'family', userId, 'child-stats', week] as const,
};

const familyPath = (userId: string) => `${USERS_PATH}/${encodeURIComponent(userId)}`;

/** GET /api/admin/users/:id: the account, its children's use of this and next week, the office's actions. */
export function familyQuery(userId: string) {
  return queryOptions<FamilyDetailResponse, Error>({
    queryKey: familyKeys.detail(userId),
    queryFn: ({ signal }) => apiRequest<FamilyDetailResponse>('GET', familyPath(userId), undefined, { signal }),
  });
}

/** GET /api/admin/users/:id/bookings: upcoming bookings and those of the last 90 days, by session start. */
export function familyBookingsQuery(userId: string) {
  return queryOptions<AdminBookingDto[], Error>({
    queryKey: familyKeys.bookings(userId),
    queryFn: ({ signal }) => apiRequest<AdminBookingDto[]>('GET', `${familyPath(userId)}/bookings`, undefined, { signal }),
  });
}

/** GET /api/admin/users/:id/child-stats?week=YYYY-MM-DD: each child's use of that Toronto week. */
export function familyChildStatsQuery(userId: string, week: string) {
  return queryOptions<ChildStatsResponse, Error>({
    queryKey: familyKeys.childStats(userId, week),
    queryFn: ({ signal }) => apiRequest<ChildStatsResponse>('GET', withSearchParams(`${familyPath(userId)}/child-stats`, { week }), undefined, { signal }),
  });
}

const adminSessionPath = (sessionId: string) => `/api/admin/sessions/${encodeURIComponent(sessionId)}`;

export const rosterKeys = {
  all: ['/api/admin/sessions', 'roster'] as const,
  detail: (sessionId: string) => ['/api/admin/sessions', 'roster', sessionId] as const,
};

/** GET /api/admin/sessions/:id/roster: the session and every booked child, by name. */
export function rosterQuery(sessionId: string) {
  return queryOptions<RosterResponse, Error>({
    queryKey: rosterKeys.detail(sessionId),
    queryFn: ({ signal }) => apiRequest<RosterResponse>('GET', `${adminSessionPath(sessionId)}/roster`, undefined, { signal }),
  });
}

/** The roster's CSV download address. */
export const rosterCsvPath = (sessionId: string) => `${adminSessionPath(sessionId)}/roster/export.csv`;

/** The webhook configurations' address; their writes (lists, single ones) start with it too. */
export const WEBHOOKS_PATH = '/api/admin/webhooks';

export const webhooksKeys = {
  all: [WEBHOOKS_PATH] as const,
};

/** GET /api/admin/webhooks → { webhooks }: the Settings tab's list and the logs' filter (one cache entry). */
export function webhooksQuery() {
  return queryOptions<WebhookListResponse, Error>({
    queryKey: webhooksKeys.all,
    queryFn: ({ signal }) => apiRequest<WebhookListResponse>('GET', WEBHOOKS_PATH, undefined, { signal }),
  });
}

/** The webhook logs' address ('Clean old' deletes through it too). */
export const WEBHOOK_LOGS_PATH = '/api/admin/webhook-logs';

/** The parameters of the logs read: one configuration's deliveries (undefined: every configuration), the newest `limit`. */
export interface WebhookLogsParams {
  webhookId: string | undefined;
  limit: number;
}

export const webhookLogsKeys = {
  /** Every list and every opened delivery. */
  all: [WEBHOOK_LOGS_PATH] as const,
  list: (params: WebhookLogsParams) => [WEBHOOK_LOGS_PATH, params] as const,
  detail: (id: string) => [WEBHOOK_LOGS_PATH, id] as const,
};

/** GET /api/admin/webhook-logs?webhookId&limit → { logs } (newest first). */
export function webhookLogsQuery({ webhookId, limit }: WebhookLogsParams) {
  const params = { webhookId, limit };
  return queryOptions<WebhookLogListResponse, Error>({
    queryKey: webhookLogsKeys.list(params),
    queryFn: ({ signal }) => apiRequest<WebhookLogListResponse>('GET', withSearchParams(WEBHOOK_LOGS_PATH, params), undefined, { signal }),
  });
}

/** GET /api/admin/webhook-logs/:id → one delivery, whole. */
export function webhookLogQuery(id: string) {
  return queryOptions<WebhookLogDetail, Error>({
    queryKey: webhookLogsKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<WebhookLogDetail>('GET', `${WEBHOOK_LOGS_PATH}/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}

/** The mapping templates' address; their writes (preview, save, delete) start with it too. */
export const TEMPLATES_PATH = '/api/admin/field-mapping-templates';

export const templatesKeys = {
  all: [TEMPLATES_PATH] as const,
};

/**
 * GET /api/admin/field-mapping-templates → { templates } (newest change first): the Field mapping tab's list and
 * the webhook form's 'Mapping template' choice (one cache entry).
 */
export function templatesQuery() {
  return queryOptions<TemplateListResponse, Error>({
    queryKey: templatesKeys.all,
    queryFn: ({ signal }) => apiRequest<TemplateListResponse>('GET', TEMPLATES_PATH, undefined, { signal }),
  });
}

/** The business settings (Settings → Plans, issue 31): one key per setting, its path first. */
export const businessSettingKeys = {
  detail: (key: BusinessSettingKey) => [businessSettingPath(key)] as const,
};

/**
 * GET /api/admin/settings/:key → the setting's whole value (its defaults until the office saves one): the Settings
 * tab's form, and what the users table and the family page say a plan gives (one cache entry per setting).
 */
export function businessSettingQuery<K extends BusinessSettingKey>(key: K) {
  return queryOptions<BusinessSettingValue<K>, Error>({
    queryKey: businessSettingKeys.detail(key),
    queryFn: ({ signal }) => apiRequest<BusinessSettingValue<K>>('GET', businessSettingPath(key), undefined, { signal }),
  });
}
