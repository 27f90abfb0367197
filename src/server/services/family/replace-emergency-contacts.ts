import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { EmergencyContact, emergencyContactsBody } from '../../../shared/schemas/family';
import type { Tx } from '../../db/client';
import { emergencyContacts } from '../../db/schema';
import { emergencyContactsOf } from './family-dto';
import { lockFamily } from './lock-family';

/**
 * The family's emergency contacts (issue 31), replaced as a whole by the list given (0–3, checked by the schema:
 * names, relationships, dialable phones), in its order. The family row is locked first, so two saves of one family
 * leave one of the two lists, never a mix.
 */
export async function replaceEmergencyContacts(
  tx: Tx,
  input: { familyId: string; contacts: z.output<typeof emergencyContactsBody>['contacts']; now: Date },
): Promise<EmergencyContact[]> {
  await lockFamily(tx, input.familyId);
  await tx.delete(emergencyContacts).where(eq(emergencyContacts.familyId, input.familyId));
  if (input.contacts.length) {
    await tx.insert(emergencyContacts).values(
      input.contacts.map((contact, index) => ({ familyId: input.familyId, position: index + 1, ...contact, createdAt: input.now })),
    );
  }
  return emergencyContactsOf(tx, input.familyId);
}
