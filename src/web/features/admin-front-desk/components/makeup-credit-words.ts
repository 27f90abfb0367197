import type { OfficeMakeupCreditDto } from '../../../../shared/schemas/makeup-credits';

/** Why a child has a credit, as the family page says it: 'Cancelled early', 'Closure', 'Granted by Ada Admin'. */
export function creditReason(credit: Pick<OfficeMakeupCreditDto, 'reason' | 'grantedByName'>): string {
  if (credit.reason === 'CANCELLATION') return 'Cancelled early';
  if (credit.reason === 'CLOSURE') return 'Closure';
  return `Granted by ${credit.grantedByName ?? 'the office'}`;
}
