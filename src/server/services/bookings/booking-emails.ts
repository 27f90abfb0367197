import { bookingReference } from '../../../shared/product';
import type { BookingDto } from '../../../shared/schemas/bookings';
import { calendarAttachmentForBooking, calendarEventForBooking, calendarFileName } from '../../../shared/rules/calendar-event';
import { formatLongDate, formatShortDate, formatTime, formatTimeRange } from '../../../shared/rules/format';
import type { EmailMessage } from '../../mail/outbox';
import { escapeHtml } from '../../escape-html';
import type { EmailContext } from '../../mail/email-context';

function details(booking: BookingDto): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Class', booking.session.classType.name],
    ['Date', formatLongDate(booking.session.startsAt)],
    ['Time', `${formatTimeRange(booking.session.startsAt, booking.session.endsAt)} (Toronto time)`],
    ['Location', booking.session.location],
  ];
  if (booking.childNames.length) rows.push(['Children', booking.childNames.join(', ')]);
  rows.push(['Booking reference', `#${bookingReference(booking.id)}`]);
  return rows;
}

function compose(
  booking: BookingDto,
  context: EmailContext,
  subject: string,
  intro: string,
  outro: string,
  withCalendar: boolean,
  /** A closing note after the link (how to switch reminders off). */
  footnote?: string,
): EmailMessage {
  const rows = details(booking);
  const text = [
    `Hello ${booking.user.firstName},`,
    '',
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    outro,
    `Manage your bookings: ${context.publicUrl}/dashboard`,
    ...(footnote ? ['', footnote] : []),
    '',
    context.businessName,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(booking.user.firstName)},</p><p>${escapeHtml(intro)}</p><table>${rows
    .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('')}</table><p>${escapeHtml(outro)}</p><p><a href="${escapeHtml(context.publicUrl)}/dashboard">Manage your bookings</a></p>${
    footnote ? `<p><small>${escapeHtml(footnote)}</small></p>` : ''
  }<p>${escapeHtml(context.businessName)}</p>`;
  const message: EmailMessage = { to: booking.user.email, subject, text, html };
  if (withCalendar) {
    message.attachments = [
      {
        filename: calendarFileName(booking.id),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: calendarEventForBooking(booking, context.businessName),
      },
    ];
  }
  return message;
}

/** Names in a sentence: 'Ava', 'Ava and Leo', 'Ava, Leo and Mia'. */
function namesInProse(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export interface BookingConfirmedOptions {
  /** The booking was made by promotion from the waitlist (issue 21): a spot opened and the children moved in. */
  fromWaitlist?: boolean;
}

export function bookingConfirmedEmail(booking: BookingDto, context: EmailContext, options: BookingConfirmedOptions = {}): EmailMessage {
  const what = `${booking.session.classType.name} on ${formatLongDate(booking.session.startsAt)}`;
  const kids = namesInProse(booking.childNames);
  return compose(
    booking,
    context,
    options.fromWaitlist ? `Booking confirmed from the waitlist: ${what}` : `Booking confirmed: ${what}`,
    options.fromWaitlist
      ? `Good news: a spot opened up, and ${kids ? `${kids} moved` : 'your family moved'} from the waitlist into this session. Your booking is confirmed. Show this email or your confirmation screen at the door.`
      : 'Your booking is confirmed. Show this email or your confirmation screen at the door.',
    'Please bring a water bottle, athletic shoes and comfortable athletic clothing. The attached calendar file adds the session to your calendar.',
    true,
  );
}

/** How a parent stops the reminders (the switch in the user menu, PATCH /api/me/preferences). */
export const REMINDER_OPT_OUT_NOTE =
  "Don't want these reminders? Open the menu under your name in the portal and switch off booking reminders.";

/**
 * The reminder 24 hours before a booked session (issue 21), rendered by the e-mail worker when it is due, from
 * the booking's facts as they are then. It names the day rather than saying 'tomorrow' (a reminder that went
 * out late, after an outage or a move of the session, is still right), in Toronto time.
 */
export function bookingReminderEmail(booking: BookingDto, context: EmailContext): EmailMessage {
  const { startsAt } = booking.session;
  const kids = namesInProse(booking.childNames);
  return compose(
    booking,
    context,
    `Reminder: ${booking.session.classType.name} on ${formatShortDate(startsAt)} at ${formatTime(startsAt)} (Toronto time)`,
    `This is a reminder of ${kids ? `${kids}'s` : 'your'} session on ${formatLongDate(startsAt)} at ${formatTime(startsAt)} (Toronto time).`,
    "Please bring a water bottle, athletic shoes and comfortable athletic clothing. Can't make it? Cancel or reschedule from your dashboard so another family can have the spot.",
    false,
    REMINDER_OPT_OUT_NOTE,
  );
}

/**
 * The cancellation e-mail. With `cancelledChildNames` (issue 32: some of the booking's children cancelled, the
 * booking still holding the others) it names them and who stays, and its calendar file updates the event.
 */
export function bookingCancelledEmail(booking: BookingDto, context: EmailContext, cancelledChildNames?: string[]): EmailMessage {
  if (cancelledChildNames?.length && booking.status === 'CONFIRMED') {
    const gone = namesInProse(cancelledChildNames);
    return compose(
      booking,
      context,
      `${gone}: place cancelled for ${booking.session.classType.name} on ${formatLongDate(booking.session.startsAt)}`,
      `${gone}'s ${cancelledChildNames.length === 1 ? 'place in this booking has' : 'places in this booking have'} been cancelled and the ${
        cancelledChildNames.length === 1 ? 'spot was' : 'spots were'
      } released. ${namesInProse(booking.childNames)} ${booking.childNames.length === 1 ? 'stays' : 'stay'} booked:`,
      'The attached calendar file updates the event in your calendar. You can book another session from your dashboard at any time.',
      true,
    );
  }
  const message = compose(
    booking,
    context,
    `Booking cancelled: ${booking.session.classType.name} on ${formatLongDate(booking.session.startsAt)}`,
    'Your booking has been cancelled and the spots were released.',
    'The attached calendar file removes the session from your calendar. You can book another session from your dashboard at any time.',
    false,
  );
  // The cancellation raised the event's SEQUENCE (migration 0012): the file replaces the earlier event.
  message.attachments = [calendarAttachmentForBooking(booking, context.businessName, { method: 'CANCEL', sequence: booking.calendarSequence })];
  return message;
}

/**
 * One e-mail for every upcoming booking the office cancelled when it closed the family's account (issue 19), each
 * with its cancelling calendar file.
 */
export function accountBookingsCancelledEmail(cancelled: BookingDto[], context: EmailContext): EmailMessage {
  const [first] = cancelled;
  if (!first) throw new Error('an account-closed email lists at least one booking');
  const lines = cancelled.map(
    (b) =>
      `${b.session.classType.name}, ${formatLongDate(b.session.startsAt)}, ${formatTimeRange(b.session.startsAt, b.session.endsAt)} (Toronto time), ${b.session.location}${
        b.childNames.length ? `, ${b.childNames.join(', ')}` : ''
      } (#${bookingReference(b.id)})`,
  );
  const intro = `The office has closed your ${context.businessName} account and cancelled ${cancelled.length === 1 ? 'its upcoming booking' : `its ${cancelled.length} upcoming bookings`}:`;
  const outro = 'The attached calendar files remove these sessions from your calendar. Please contact us if this is a mistake.';
  const text = [`Hello ${first.user.firstName},`, '', intro, '', ...lines.map((line) => `- ${line}`), '', outro, '', context.businessName].join('\n');
  const html = `<p>Hello ${escapeHtml(first.user.firstName)},</p><p>${escapeHtml(intro)}</p><ul>${lines
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('')}</ul><p>${escapeHtml(outro)}</p><p>${escapeHtml(context.businessName)}</p>`;
  return {
    to: first.user.email,
    subject: `Your bookings were cancelled: ${cancelled.length} ${cancelled.length === 1 ? 'session' : 'sessions'}`,
    text,
    html,
    attachments: cancelled.map((b) => calendarAttachmentForBooking(b, context.businessName, { method: 'CANCEL', sequence: b.calendarSequence })),
  };
}

/**
 * The move e-mail. With `remaining` (issue 32: some of the booking's children moved into a booking of their own) it
 * names the children moved and who stays in the earlier session, with both calendar events.
 */
export function bookingRescheduledEmail(booking: BookingDto, previous: BookingDto, context: EmailContext, remaining?: BookingDto): EmailMessage {
  if (remaining) {
    const moved = namesInProse(booking.childNames);
    const message = compose(
      booking,
      context,
      `${moved} rescheduled: ${booking.session.classType.name} on ${formatLongDate(booking.session.startsAt)}`,
      `${moved} ${booking.childNames.length === 1 ? 'has' : 'have'} been moved from ${previous.session.classType.name} on ${formatLongDate(
        previous.session.startsAt,
      )} at ${formatTimeRange(previous.session.startsAt, previous.session.endsAt)} into a booking of their own; ${namesInProse(
        remaining.childNames,
      )} ${remaining.childNames.length === 1 ? 'stays' : 'stay'} booked there (booking reference #${bookingReference(remaining.id)}). The new details:`,
      'The attached calendar files add the new booking and update the earlier one.',
      true,
    );
    message.attachments = [
      ...(message.attachments ?? []),
      { filename: calendarFileName(remaining.id), contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendarEventForBooking(remaining, context.businessName) },
    ];
    return message;
  }
  return compose(
    booking,
    context,
    `Booking rescheduled: ${booking.session.classType.name} on ${formatLongDate(booking.session.startsAt)}`,
    `Your booking has been moved from ${previous.session.classType.name} on ${formatLongDate(previous.session.startsAt)} at ${formatTimeRange(previous.session.startsAt, previous.session.endsAt)}. The new details:`,
    'The attached calendar file replaces the earlier event.',
    true,
  );
}
