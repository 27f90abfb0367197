import type { BookingDto } from '../../../../shared/schemas/bookings';

/**
 * Spec 2, 'Add to Calendar': one VEVENT (start, end, summary = class name, description, location, status
 * confirmed) made by the shared ics rule, downloaded as a file. The ics library loads only when asked.
 */
export async function downloadCalendarEvent(booking: BookingDto, businessName: string): Promise<void> {
  const { calendarEventForBooking, calendarFileName } = await import('../../../../shared/rules/calendar-event');
  const text = calendarEventForBooking(booking, businessName);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = calendarFileName(booking.id);
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
