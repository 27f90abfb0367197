import { z } from 'zod';
import { MAKEUP_CREDIT_REASONS } from './makeup-credits';
import { BOOKED_BY, BOOKING_STATUSES, CHILD_CANCELLATIONS } from './bookings';
import { CHILD_SEXES, PLAN_TIERS } from './users';
import { PHOTO_CONSENTS } from './family';
import { WAITLIST_STATUSES } from './waitlist';

/**
 * The family's own copy (issue 31, docs/privacy.md): GET /api/me/export answers this, as an indented JSON file. Only
 * the fields listed here leave the server (the route parses its answer with this schema): no password hash, token,
 * token hash, e-mail secret nor signature header can be in it.
 */
const instant = z.string();

export const exportGuardian = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  copyMe: z.boolean(),
  bookingReminders: z.boolean(),
  isActive: z.boolean(),
  createdAt: instant,
  /** Set for a guardian the family or the office removed (their row stays with the family's history). */
  removedAt: instant.nullable(),
});

export const exportChild = z.object({
  name: z.string(),
  weeklyLimit: z.number().int(),
  birthDate: z.string().nullable(),
  sex: z.enum(CHILD_SEXES).nullable(),
  medicalNotes: z.string().nullable(),
  needsAttention: z.boolean(),
  photoConsent: z.enum(PHOTO_CONSENTS).nullable(),
  createdAt: instant,
  removedAt: instant.nullable(),
});

export const exportBooking = z.object({
  reference: z.string(),
  className: z.string(),
  startsAt: instant,
  endsAt: instant,
  location: z.string(),
  status: z.enum(BOOKING_STATUSES),
  bookedAt: instant,
  cancelledAt: instant.nullable(),
  /** FAMILY, or OFFICE when the office booked for the family. */
  bookedBy: z.enum(BOOKED_BY),
  /** The guardian who booked (null: the office, or a booking older than the families). */
  bookedByGuardian: z.string().nullable(),
  /**
   * Each child booked, and when they were checked in at the door (null: not checked in); issue 32: when a child's
   * place was cancelled (null: not cancelled alone) and how (EARLY, LATE, CLOSURE).
   */
  children: z.array(
    z.object({ name: z.string(), checkedInAt: instant.nullable(), cancelledAt: instant.nullable(), cancellation: z.enum(CHILD_CANCELLATIONS).nullable() }),
  ),
});

export const exportWaitlistEntry = z.object({
  className: z.string(),
  startsAt: instant,
  childNames: z.array(z.string()),
  status: z.enum(WAITLIST_STATUSES),
  joinedAt: instant,
  endedAt: instant.nullable(),
});

export const exportEmail = z.object({
  to: z.string(),
  subject: z.string().nullable(),
  status: z.string(),
  queuedAt: instant,
  sentAt: instant.nullable(),
});

export const exportCrmDelivery = z.object({
  receivedAt: instant,
  endpoint: z.string(),
  responseStatus: z.number().int(),
  responseMessage: z.string().nullable(),
  /** The delivery's headers without signatures, authorisation or cookies. */
  headers: z.unknown(),
  body: z.unknown(),
  /** What the portal applied: the delivery's fields after the field mapping. */
  applied: z.unknown(),
});

export const exportDevice = z.object({
  guardianEmail: z.string(),
  /** SIGN_IN: a signed-in browser; TRUSTED_DEVICE: a browser remembered by the sign-in throttle. */
  kind: z.enum(['SIGN_IN', 'TRUSTED_DEVICE']),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: instant,
  lastSeenAt: instant,
  expiresAt: instant,
});

const exportMakeupCredit = z.object({
  childName: z.string(),
  reason: z.enum(MAKEUP_CREDIT_REASONS),
  createdAt: instant,
  expiresAt: instant,
  /** The booking whose place uses it (its reference), or null. */
  usedByBooking: z.string().nullable(),
  removedAt: instant.nullable(),
});

export const familyExport = z.object({
  exportedAt: instant,
  about: z.string(),
  family: z.object({
    planTier: z.enum(PLAN_TIERS),
    weeklyLimit: z.number().int(),
    /** The office's notes about the family (docs/privacy.md says why they are in the family's copy). */
    officeNotes: z.string().nullable(),
    crmContactId: z.string().nullable(),
    calendarFeedOn: z.boolean(),
    createdAt: instant,
    deactivatedAt: instant.nullable(),
  }),
  guardians: z.array(exportGuardian),
  children: z.array(exportChild),
  emergencyContacts: z.array(z.object({ name: z.string(), relationship: z.string(), phone: z.string() })),
  bookings: z.array(exportBooking),
  waitlist: z.array(exportWaitlistEntry),
  /** Issue 32: every make-up credit a child was given (the office's notes left out, as with bookings). */
  makeupCredits: z.array(exportMakeupCredit),
  emails: z.array(exportEmail),
  crmDeliveries: z.array(exportCrmDelivery),
  devices: z.array(exportDevice),
});
export type FamilyExport = z.infer<typeof familyExport>;

/** POST /api/admin/users/:id/erase: the family's first guardian's e-mail, typed exactly. */
export const eraseFamilyBody = z.object({ confirm: z.string().max(320) });
export type EraseFamilyBody = z.infer<typeof eraseFamilyBody>;

export const eraseFamilyResponse = z.object({ message: z.string(), bookingsKept: z.number().int() });
export type EraseFamilyResponse = z.infer<typeof eraseFamilyResponse>;

export const ERASE_CONFIRMATION_MISMATCH = "The confirmation does not match. Type the family's first guardian's email exactly as shown.";
export const ERASE_STAFF_REFUSED = 'A staff account (a coach or an administrator) cannot be erased. Change its role to Parent first.';
export const ERASE_SUPER_ADMIN_ONLY = 'Only a super administrator can erase a family';
