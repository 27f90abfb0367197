import { adminSessionStatus } from '../../../shared/rules/session-status';
import { MAX_SESSIONS_PAGE_SIZE, type SessionDto } from '../../../shared/schemas/sessions';
import type { Database } from '../../db/client';
import { readSnapshot } from '../../db/read-snapshot';
import { csvDate, csvTime, toCsv, type CsvColumn } from '../csv/to-csv';
import { listSessions, type ListSessionsInput } from './list-sessions';

export type ExportSessionsInput = Omit<ListSessionsInput, 'limit' | 'page' | 'includeCancelled'> & {
  /** Sessions that started before it are 'Past'. */
  now: Date;
};

const columnsAt = (now: Date): Array<CsvColumn<SessionDto>> => [
  { header: 'Class', value: (s) => s.classType.name },
  { header: 'Class code', value: (s) => s.classType.code },
  { header: 'Date', value: (s) => csvDate(s.startsAt) },
  { header: 'Start', value: (s) => csvTime(s.startsAt) },
  { header: 'End', value: (s) => csvTime(s.endsAt) },
  { header: 'Location', value: (s) => s.location },
  { header: 'Capacity', value: (s) => s.capacity },
  { header: 'Booked', value: (s) => s.bookedCount },
  { header: 'Available', value: (s) => s.availableSpots },
  { header: 'Status', value: (s) => adminSessionStatus(s, now) },
];

/**
 * Every session matching the admin sessions list's filters (cancelled ones included), in its order, as a
 * CSV file. The pages of listSessions are read in one read-only snapshot (db/read-snapshot.ts), so a session
 * added or removed meanwhile cannot be skipped or written twice.
 */
export async function exportSessionsCsv(db: Database, { now, ...filters }: ExportSessionsInput): Promise<string> {
  const rows = await readSnapshot(db, async (tx) => {
    const all: SessionDto[] = [];
    for (let page = 1; ; page++) {
      const result = await listSessions(tx, { ...filters, includeCancelled: true, limit: MAX_SESSIONS_PAGE_SIZE, page });
      all.push(...result.sessions);
      if (page >= result.totalPages) return all;
    }
  });
  return toCsv({ columns: columnsAt(now), rows });
}
