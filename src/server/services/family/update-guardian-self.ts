import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Guardian, guardianSelfBody } from '../../../shared/schemas/family';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { toGuardianDto } from './family-dto';

/**
 * The signed-in guardian's own phone and e-mail copies (PATCH /api/me/guardian). A field left out is kept; a blank
 * phone clears it. Only the caller's own row: the route passes the signed-in account's id, never one from the body.
 */
export async function updateGuardianSelf(tx: Tx, input: { userId: string; changes: z.output<typeof guardianSelfBody>; now: Date }): Promise<Guardian> {
  const { changes } = input;
  const [updated] = await tx
    .update(users)
    .set({
      ...(changes.phone !== undefined && { phone: changes.phone }),
      ...(changes.copyMe !== undefined && { copyMe: changes.copyMe }),
      updatedAt: input.now,
    })
    .where(eq(users.id, input.userId))
    .returning();
  return toGuardianDto(updated!, input.userId);
}
