import type { AdminClosureDto, ClosureDto } from '../../../shared/schemas/closures';
import type { ClosureRow } from './closed-days';

export const toClosureDto = (row: ClosureRow): ClosureDto => ({
  id: row.id,
  startDate: row.startDate,
  endDate: row.endDate,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

export const toAdminClosureDto = (row: ClosureRow): AdminClosureDto => ({ ...toClosureDto(row), createdByName: row.createdByName });
