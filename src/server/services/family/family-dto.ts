import { asc, eq } from 'drizzle-orm';
import type { ChildProfile, EmergencyContact, FamilyResponse, Guardian } from '../../../shared/schemas/family';
import type { DbOrTx } from '../../db/client';
import { emergencyContacts, type children, type users } from '../../db/schema';
import { guardiansOf } from './family-rows';
import { currentChildrenOf } from '../users/user-fields';

type UserRow = typeof users.$inferSelect;
type ChildRow = typeof children.$inferSelect;

/** A guardian as the family and the office see them; `viewerId` is the signed-in guardian ('You'), null for the office. */
export function toGuardianDto(user: UserRow, viewerId: string | null): Guardian {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    copyMe: user.copyMe,
    hasPassword: user.passwordHash !== null,
    isYou: user.id === viewerId,
  };
}

export function toChildProfileDto(kid: ChildRow): ChildProfile {
  return {
    id: kid.id,
    name: kid.name,
    birthDate: kid.birthDate ?? null,
    sex: kid.sex ?? null,
    medicalNotes: kid.medicalNotes ?? null,
    needsAttention: kid.needsAttention,
    photoConsent: kid.photoConsent ?? null,
  };
}

/** The family's emergency contacts, in their order. */
export async function emergencyContactsOf(db: DbOrTx, familyId: string): Promise<EmergencyContact[]> {
  return db
    .select({ name: emergencyContacts.name, relationship: emergencyContacts.relationship, phone: emergencyContacts.phone })
    .from(emergencyContacts)
    .where(eq(emergencyContacts.familyId, familyId))
    .orderBy(asc(emergencyContacts.position));
}

/**
 * The family (issue 31) as GET /api/me/family and the office's family page give it: its live guardians, its current
 * children's profiles (slot order) and its emergency contacts. Read only for the family's guardians and the office.
 */
export async function loadFamily(db: DbOrTx, input: { familyId: string; viewerId: string | null }): Promise<FamilyResponse> {
  // One after the other: `db` may be a transaction (the answer of a write), whose one connection takes one query at a time.
  const guardians = await guardiansOf(db, input.familyId);
  const kids = await currentChildrenOf(db, [input.familyId]);
  const contacts = await emergencyContactsOf(db, input.familyId);
  return {
    guardians: guardians.map((guardian) => toGuardianDto(guardian, input.viewerId)),
    children: (kids.get(input.familyId) ?? []).map(toChildProfileDto),
    emergencyContacts: contacts,
  };
}

/** The family's live guardians as DTOs, first added first (none without a family). */
export async function guardianDtosOf(db: DbOrTx, familyId: string | null, signedInId: string | null): Promise<Guardian[]> {
  if (!familyId) return [];
  return (await guardiansOf(db, familyId)).map((user) => toGuardianDto(user, signedInId));
}
