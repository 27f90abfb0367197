import { z } from 'zod';
import { MAX_WEEKLY_LIMIT, MIN_WEEKLY_LIMIT, PLAN_TIERS, type PlanTier } from './users';

/**
 * The business's own settings (issue 31, Settings → Plans; issue 32 adds 'policies'): one entry per setting, keyed
 * by name, each with the schema its stored value and its PUT body must pass and the value it has until the office
 * saves one. The server keeps each as one row of `business_settings` (key, value jsonb); the routes are
 * GET/PUT /api/admin/settings/:key, answering the setting's whole value. A new setting is one more entry here.
 */

/**
 * A plan's weekly sessions per child: a whole number from 1 to 7. The messages do not name the plan: the form shows
 * each under its plan's field, and the server's answer names the field ('TWO: Weekly sessions per child …').
 */
const WHOLE_SESSIONS = `Weekly sessions per child must be a whole number from ${MIN_WEEKLY_LIMIT} to ${MAX_WEEKLY_LIMIT}`;
const planSessions = z
  .number({ error: WHOLE_SESSIONS })
  .int(WHOLE_SESSIONS)
  .min(MIN_WEEKLY_LIMIT, `Weekly sessions per child must be at least ${MIN_WEEKLY_LIMIT}`)
  .max(MAX_WEEKLY_LIMIT, `Weekly sessions per child cannot exceed ${MAX_WEEKLY_LIMIT}`);

/**
 * Settings → Plans: each plan tier's weekly sessions per child, the weekly limit a child gets when the CRM or a CSV
 * row sets the family's plan without a limit of the child's own. PUT /api/admin/settings/plans `{ ONE, TWO, THREE }`.
 */
export const planLimitsSchema = z.object(
  Object.fromEntries(PLAN_TIERS.map((tier) => [tier, planSessions])) as Record<PlanTier, typeof planSessions>,
  { error: 'Plan limits must be an object of ONE, TWO and THREE' },
);
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const DEFAULT_PLAN_LIMITS: PlanLimits = { ONE: 1, TWO: 2, THREE: 3 };

/**
 * Settings → Policies (issue 32, docs/product-rules.md "Absences, make-ups and closures"): the cancellation cut-off in
 * hours before a session's start (a child cancelled before it gets a make-up credit, at or after it the cancellation is
 * late), make-up credits on or off and how many days a credit lasts, and the no-show rule (off, or this many no-shows
 * in the last NO_SHOW_WINDOW_DAYS pause the family's online booking). PUT /api/admin/settings/policies.
 * The database reads the same value with the same defaults (src/server/db/functions/portal_policies.sql; parity test).
 */
export const MAX_CUTOFF_HOURS = 168;
export const MAX_CREDIT_VALIDITY_DAYS = 365;
export const MAX_NO_SHOWS = 20;
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int(`${label} must be a whole number from ${min} to ${max}`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} cannot exceed ${max}`);
export const policiesSchema = z.strictObject(
  {
    cancellationCutoffHours: wholeNumber('Cancellation cut-off (hours)', 0, MAX_CUTOFF_HOURS),
    makeupCreditsEnabled: z.boolean({ error: 'Make-up credits must be on or off' }),
    makeupCreditValidityDays: wholeNumber('Credit validity (days)', 1, MAX_CREDIT_VALIDITY_DAYS),
    noShowRuleEnabled: z.boolean({ error: 'The no-show rule must be on or off' }),
    noShowLimit: wholeNumber('No-shows before a pause', 1, MAX_NO_SHOWS),
  },
  { error: 'Policies must be an object of cancellationCutoffHours, makeupCreditsEnabled, makeupCreditValidityDays, noShowRuleEnabled and noShowLimit' },
);
export type Policies = z.infer<typeof policiesSchema>;

export const DEFAULT_POLICIES: Policies = {
  cancellationCutoffHours: 2,
  makeupCreditsEnabled: true,
  makeupCreditValidityDays: 30,
  noShowRuleEnabled: false,
  noShowLimit: 3,
};

/** What a business setting is: the schema of its value and the value it has until one is saved. */
export interface BusinessSetting<T> {
  schema: z.ZodType<T>;
  defaults: T;
}

/** Every business setting, by the name its row and its route carry. */
export const BUSINESS_SETTINGS = {
  plans: { schema: planLimitsSchema, defaults: DEFAULT_PLAN_LIMITS },
  policies: { schema: policiesSchema, defaults: DEFAULT_POLICIES },
} as const satisfies Record<string, BusinessSetting<unknown>>;

export type BusinessSettingKey = keyof typeof BUSINESS_SETTINGS;
export type BusinessSettingValue<K extends BusinessSettingKey> = (typeof BUSINESS_SETTINGS)[K]['defaults'];
export const BUSINESS_SETTING_KEYS = Object.keys(BUSINESS_SETTINGS) as BusinessSettingKey[];

/** GET /api/policies: the policies as any signed-in user reads them (the office edits them under its settings). */
export const POLICIES_PATH = '/api/policies';

/** The address of a setting: GET reads it, PUT replaces it (the whole value). */
export const businessSettingPath = (key: BusinessSettingKey) => `/api/admin/settings/${key}` as const;

/**
 * A stored value read back: the setting's value when it passes the schema, else its defaults (nothing saved yet, or
 * a row written by an older version whose shape no longer fits).
 */
export function businessSettingOrDefault<K extends BusinessSettingKey>(key: K, stored: unknown): BusinessSettingValue<K> {
  const setting = BUSINESS_SETTINGS[key] as unknown as BusinessSetting<BusinessSettingValue<K>>;
  const parsed = setting.schema.safeParse(stored);
  return parsed.success ? parsed.data : setting.defaults;
}
