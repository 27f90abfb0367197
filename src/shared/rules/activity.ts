/**
 * The activity log's kinds (issue 34, docs/product-rules.md "Activity log"): what a staff member's change was, named
 * by the route that made it. The server writes the kind of the route into the entry; the Activity tab filters by it
 * and shows its label. Every /api/admin route that changes data has its kind here (a test walks the route table).
 */
export interface ActivityKind {
  label: string;
  /** The routes that make this kind of change, as `METHOD /path` of the route table. */
  routes: readonly string[];
}

export const ACTIVITY_KINDS = {
  'session.create': { label: 'Session added', routes: ['POST /api/admin/sessions', 'POST /api/admin/sessions/bulk'] },
  'session.update': { label: 'Session changed', routes: ['PUT /api/admin/sessions/:id'] },
  'session.cancel': { label: 'Session cancelled', routes: ['POST /api/admin/sessions/:id/cancel'] },
  'session.delete': { label: 'Session deleted', routes: ['DELETE /api/admin/sessions/:id', 'POST /api/admin/sessions/bulk-delete'] },
  'class.update': { label: 'Class changed', routes: ['PUT /api/admin/classes/:id'] },
  'closure.create': { label: 'Days closed', routes: ['POST /api/admin/closures'] },
  'closure.delete': { label: 'Days reopened', routes: ['DELETE /api/admin/closures/:id'] },
  'user.create': { label: 'Account added', routes: ['POST /api/admin/users'] },
  'user.update': { label: 'Account changed', routes: ['PATCH /api/admin/users/:id'] },
  'user.delete': { label: 'Account deleted', routes: ['DELETE /api/admin/users/:id'] },
  'user.import': { label: 'Families imported', routes: ['POST /api/admin/users/import-csv'] },
  'password.set': { label: 'Password set', routes: ['PUT /api/admin/users/:id/change-password'] },
  'password.link': { label: 'Set-password link sent', routes: ['POST /api/admin/users/:id/set-password-link'] },
  'factors.reset': { label: 'Sign-in factors reset', routes: ['POST /api/admin/users/:id/reset-second-factors'] },
  'family.erase': { label: 'Family erased', routes: ['POST /api/admin/users/:id/erase'] },
  'guardian.add': { label: 'Guardian added', routes: ['POST /api/admin/users/:id/guardians'] },
  'guardian.remove': { label: 'Guardian removed', routes: ['DELETE /api/admin/users/:id/guardians/:guardianId'] },
  'child.update': { label: 'Child changed', routes: ['PATCH /api/admin/users/:id/children/:childId'] },
  'contacts.update': { label: 'Emergency contacts changed', routes: ['PUT /api/admin/users/:id/emergency-contacts'] },
  'pause.lift': { label: 'Booking pause lifted', routes: ['POST /api/admin/users/:id/lift-booking-pause'] },
  'credit.grant': { label: 'Make-up credit given', routes: ['POST /api/admin/users/:id/makeup-credits'] },
  'credit.remove': { label: 'Make-up credit removed', routes: ['DELETE /api/admin/users/:id/makeup-credits/:creditId'] },
  'booking.create': { label: 'Booked for a family', routes: ['POST /api/admin/bookings'] },
  'booking.cancel': { label: 'Booking cancelled', routes: ['POST /api/admin/bookings/:id/cancel'] },
  'booking.reschedule': { label: 'Booking moved', routes: ['POST /api/admin/bookings/:id/reschedule'] },
  'waitlist.promote': { label: 'Waitlist promoted', routes: ['POST /api/admin/waitlist/:id/promote'] },
  'waitlist.remove': { label: 'Removed from the waitlist', routes: ['DELETE /api/admin/waitlist/:id'] },
  'check-in': { label: 'Checked in', routes: ['POST /api/admin/check-in'] },
  'check-in.undo': { label: 'Check-in undone', routes: ['POST /api/admin/check-in/undo'] },
  'webhook.create': { label: 'Webhook added', routes: ['POST /api/admin/webhooks'] },
  'webhook.update': { label: 'Webhook changed', routes: ['PUT /api/admin/webhooks/:id'] },
  'webhook.delete': { label: 'Webhook deleted', routes: ['DELETE /api/admin/webhooks/:id'] },
  'webhook-logs.clean': { label: 'Webhook logs cleaned', routes: ['DELETE /api/admin/webhook-logs'] },
  'template.create': { label: 'Template added', routes: ['POST /api/admin/field-mapping-templates'] },
  'template.update': { label: 'Template changed', routes: ['PUT /api/admin/field-mapping-templates/:id'] },
  'template.delete': { label: 'Template deleted', routes: ['DELETE /api/admin/field-mapping-templates/:id'] },
  'settings.update': { label: 'Settings changed', routes: ['PUT /api/admin/settings/plans', 'PUT /api/admin/settings/policies'] },
  /** A staff member's change outside the admin area: their own password, preferences, family. */
  own: { label: 'Own account', routes: [] },
} as const satisfies Record<string, ActivityKind>;

export type ActivityKindName = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_NAMES = Object.keys(ACTIVITY_KINDS) as ActivityKindName[];

/** The /api/admin routes that answer a POST without changing anything: no kind, no entry. */
export const ACTIVITY_FREE_ROUTES: readonly string[] = ['POST /api/admin/check-in/lookup', 'POST /api/admin/field-mapping-templates/preview'];

const kindByRoute = new Map<string, ActivityKindName>(
  ACTIVITY_KIND_NAMES.flatMap((kind) => ACTIVITY_KINDS[kind].routes.map((route) => [route, kind] as const)),
);

/** The kind of a change made through `METHOD /path` (the route table's path): a staff member's own change elsewhere. */
export function activityKindOf(method: string, routePath: string): ActivityKindName {
  return kindByRoute.get(`${method} ${routePath}`) ?? 'own';
}

/** The label of an entry's kind; an older entry's kind no longer in the table reads as written. */
export function activityKindLabel(kind: string): string {
  return (ACTIVITY_KINDS as Record<string, ActivityKind>)[kind]?.label ?? kind;
}

/** What a row change is about, in words ('child', 'booking'), by table. */
const TABLE_LABELS: Record<string, string> = {
  families: 'family',
  users: 'account',
  children: 'child',
  emergency_contacts: 'emergency contact',
  class_types: 'class',
  sessions: 'session',
  bookings: 'booking',
  booking_children: 'booked child',
  waitlist_entries: 'waitlist entry',
  makeup_credits: 'make-up credit',
  closures: 'closure',
  business_settings: 'setting',
  webhook_configs: 'webhook',
  webhook_logs: 'webhook log',
  field_mapping_templates: 'template',
  field_mapping_rules: 'template rule',
  password_tokens: 'set-password link',
  passkeys: 'passkey',
  totp_factors: 'authenticator app',
  recovery_codes: 'recovery code',
};

export const activityTableLabel = (table: string): string => TABLE_LABELS[table] ?? table.replace(/_/g, ' ');

const OPERATION_LABELS: Record<string, string> = { INSERT: 'added', UPDATE: 'changed', DELETE: 'removed' };
export const activityOperationLabel = (op: string): string => OPERATION_LABELS[op] ?? op.toLowerCase();

/** A field's name in words: 'first_name' → 'first name'. */
export const activityFieldLabel = (field: string): string => field.replace(/_/g, ' ');

/** A stored value in words: none as '—', yes/no, lists joined, anything else as JSON. */
export function activityValueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(activityValueText).join(', ');
  return JSON.stringify(value);
}

/** One field of a change in words: 'first name: Leo → Leon', or 'medical notes changed (hidden)'. */
export function activityFieldText(field: { field: string; before?: unknown; after?: unknown; redacted?: boolean | undefined }): string {
  const name = activityFieldLabel(field.field);
  if (field.redacted) return `${name} (hidden)`;
  return `${name}: ${activityValueText(field.before)} → ${activityValueText(field.after)}`;
}

/** A row change in one line: "child 'Leo' changed: name: Leo → Leon; medical notes (hidden)". */
export function activityChangeText(change: {
  table: string;
  op: string;
  label?: string | null | undefined;
  fields: ReadonlyArray<Parameters<typeof activityFieldText>[0]>;
}): string {
  const head = `${activityTableLabel(change.table)}${change.label ? ` '${change.label}'` : ''} ${activityOperationLabel(change.op)}`;
  return change.fields.length ? `${head}: ${change.fields.map(activityFieldText).join('; ')}` : head;
}
