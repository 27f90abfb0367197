import { activityChangeText } from '../../../shared/rules/activity';
import { MAX_ACTIVITY_EXPORT_ROWS } from '../../../shared/schemas/activity';
import { roleLabelOf } from '../../../shared/rules/roles';
import type { Database } from '../../db/client';
import { csvDateTime, toCsv, type CsvColumn } from '../csv/to-csv';
import { activityConditions, selectActivity, toActivityEntryDto, type ActivityFilters } from './list-activity';
import type { ActivityEntryDto } from '../../../shared/schemas/activity';


const COLUMNS: ReadonlyArray<CsvColumn<ActivityEntryDto>> = [
  { header: 'When', value: (e) => csvDateTime(e.at) },
  { header: 'Who', value: (e) => e.actor.name },
  { header: 'Role', value: (e) => roleLabelOf(e.actor.role) },
  { header: 'What', value: (e) => e.kindLabel },
  { header: 'Family', value: (e) => (e.family ? (e.familyCount > 1 ? `${e.family.name} and ${e.familyCount - 1} more` : e.family.name) : '') },
  { header: 'Session', value: (e) => (e.session ? `${e.session.className} ${csvDateTime(e.session.startsAt)}` : '') },
  {
    header: 'Changes',
    value: (e) => {
      const text = e.changes.map(activityChangeText).join(' | ');
      return e.changeCount > e.changes.length ? `${text} | and ${e.changeCount - e.changes.length} more changes` : text;
    },
  },
  { header: 'Address', value: (e) => e.address },
  { header: 'Entry', value: (e) => e.id },
];

/** GET /api/admin/activity/export.csv: the filter's newest MAX_ACTIVITY_EXPORT_ROWS entries, formula-safe (toCsv). */
export async function exportActivityCsv(db: Database, filters: ActivityFilters): Promise<string> {
  const rows = await selectActivity(db, activityConditions(filters), MAX_ACTIVITY_EXPORT_ROWS);
  return toCsv({ columns: COLUMNS, rows: rows.map(toActivityEntryDto) });
}
