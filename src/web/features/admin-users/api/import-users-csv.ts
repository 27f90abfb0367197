import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DateOrder } from '../../../../shared/rules/import-cells';
import { csvImportResponse, type CsvImportResult } from '../../../../shared/schemas/admin-users';
import { adminStatsKeys } from '../../../lib/admin-queries';
import { throwIfResNotOk } from '../../../lib/api';
import type { ImportMapping } from '../components/guess-column-mapping';
import { adminUsersKeys } from './get-admin-users';

export const IMPORT_CSV_URL = '/api/admin/users/import-csv';

export interface ImportUsersCsvInput {
  file: File;
  /** Account field → CSV column header; only the mapped fields. */
  mapping: ImportMapping;
  /** Issue 33: how the file writes its dates (ISO dates are read either way). */
  dateOrder: DateOrder;
}

/**
 * POST /api/admin/users/import-csv as multipart/form-data: columnMapping (JSON) and dateOrder first, then csvFile,
 * so the server has them before the file streams in. The browser sets the multipart content type and boundary.
 */
export async function importUsersCsv({ file, mapping, dateOrder }: ImportUsersCsvInput): Promise<CsvImportResult> {
  const form = new FormData();
  form.append('columnMapping', JSON.stringify(mapping));
  form.append('dateOrder', dateOrder);
  form.append('csvFile', file, file.name);
  const res = await fetch(IMPORT_CSV_URL, { method: 'POST', body: form, credentials: 'include' });
  await throwIfResNotOk(res);
  return csvImportResponse.parse(await res.json());
}

/** The CSV import (spec 7); new and updated families show in the users table and the parent count. */
export function useImportUsersCsv() {
  const queryClient = useQueryClient();
  return useMutation<CsvImportResult, Error, ImportUsersCsvInput>({
    mutationFn: importUsersCsv,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminStatsKeys.all }),
      ]),
  });
}
