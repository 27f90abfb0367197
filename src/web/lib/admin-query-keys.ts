/**
 * Admin reads that several admin features invalidate. Each key starts with its endpoint path, so the prefix
 * matches every variant (any page, range or filter). The hooks that read them build their keys from these.
 */
export const SESSIONS_QUERY_KEY = ['/api/sessions'] as const;
export const ADMIN_STATS_QUERY_KEY = ['/api/admin/stats'] as const;
export const ADMIN_RESERVATIONS_QUERY_KEY = ['/api/admin/reservations'] as const;
export const ADMIN_USERS_QUERY_KEY = ['/api/admin/users'] as const;
export const ADMIN_WEBHOOKS_QUERY_KEY = ['/api/admin/webhooks'] as const;
export const ADMIN_WEBHOOK_LOGS_QUERY_KEY = ['/api/admin/webhook-logs'] as const;
export const ADMIN_TEMPLATES_QUERY_KEY = ['/api/admin/field-mapping-templates'] as const;
