import { attendanceText } from '../../../shared/rules/attendance';
import { bookingStatusLabel } from '../../../shared/rules/session-status';
import type { ReservationDto } from '../../../shared/schemas/bookings';
import type { DbOrTx } from '../../db/client';
import { csvDate, csvDateTime, csvTime, toCsv, type CsvColumn } from '../csv/to-csv';
import { listReservations, type ListReservationsInput } from './list-reservations';

const columns: Array<CsvColumn<ReservationDto>> = [
  { header: 'Reference', value: (b) => b.reference },
  // 'Last, First': the office sorts and looks families up by last name.
  { header: 'Parent', value: (b) => `${b.user.lastName}, ${b.user.firstName}` },
  { header: 'Email', value: (b) => b.user.email },
  { header: 'Class', value: (b) => b.session.classType.name },
  { header: 'Session date', value: (b) => csvDate(b.session.startsAt) },
  { header: 'Session time', value: (b) => csvTime(b.session.startsAt) },
  { header: 'Booked on', value: (b) => csvDateTime(b.createdAt) },
  { header: 'Status', value: (b) => bookingStatusLabel(b.status) },
  // Issue 22: exactly 'attended' or 'no-show' once a confirmed booking's session has started, else empty.
  { header: 'Attendance', value: (b) => attendanceText(b.attendance) },
  { header: 'Children', value: (b) => b.childNames.join(', ') },
];

/** The reservations list (same range, class filter and order) as a CSV file. */
export async function exportReservationsCsv(db: DbOrTx, input: ListReservationsInput): Promise<string> {
  return toCsv({ columns, rows: await listReservations(db, input) });
}
