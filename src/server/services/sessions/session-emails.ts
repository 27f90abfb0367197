import { bookingReference } from '../../../shared/product';
import { calendarAttachmentForBooking } from '../../../shared/rules/calendar-event';
import { formatLongDate, formatTimeRange } from '../../../shared/rules/format';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { EmailContext } from '../../mail/email-context';
import type { EmailMessage } from '../../mail/outbox';
import { escapeHtml } from '../../escape-html';

/** E-mails to families about a change the office made to a session they booked. */

/** 'Tuesday, November 24, 2026, 5:30 PM - 6:30 PM (Toronto time) at Main Gym' */
const when = (session: BookingDto['session']) =>
  `${formatLongDate(session.startsAt)}, ${formatTimeRange(session.startsAt, session.endsAt)} (Toronto time) at ${session.location}`;

function compose(input: {
  to: BookingDto['user'];
  subject: string;
  paragraphs: string[];
  rows: Array<[string, string]>;
  closing: string;
  context: EmailContext;
  attachments: EmailMessage['attachments'];
}): EmailMessage {
  const { to, subject, paragraphs, rows, closing, context } = input;
  const text = [
    `Hello ${to.firstName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    closing,
    `Manage your bookings: ${context.publicUrl}/dashboard`,
    '',
    context.businessName,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(to.firstName)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<table>${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
    `<p>${escapeHtml(closing)}</p>`,
    `<p><a href="${escapeHtml(context.publicUrl)}/dashboard">Manage your bookings</a></p>`,
    `<p>${escapeHtml(context.businessName)}</p>`,
  ].join('');
  return { to: to.email, subject, text, html, attachments: input.attachments };
}

/**
 * The office moved a booked session (time, place or class): one e-mail per booking, naming the old and new
 * details, with the booking's event at its raised SEQUENCE (same UID) so calendars replace the old one.
 */
export function sessionChangedEmail(input: {
  booking: BookingDto;
  previous: BookingDto;
  sequence: number;
  context: EmailContext;
}): EmailMessage {
  const { booking, previous, context } = input;
  const className = booking.session.classType.name;
  const rows: Array<[string, string]> = [];
  if (previous.session.classType.name !== className) rows.push(['Class (before)', previous.session.classType.name]);
  rows.push(
    ['Class', className],
    ['Was', when(previous.session)],
    ['Now', when(booking.session)],
  );
  if (booking.childNames.length) rows.push(['Children', booking.childNames.join(', ')]);
  rows.push(['Booking reference', `#${bookingReference(booking.id)}`]);
  return compose({
    to: booking.user,
    subject: `Session changed: ${className} on ${formatLongDate(booking.session.startsAt)}`,
    paragraphs: [
      `The office has changed a session you booked. It was on ${when(previous.session)}; it is now on ${when(booking.session)}.`,
      'Your booking stays confirmed at the new time and place.',
    ],
    rows,
    closing:
      'The attached calendar file updates the event in your calendar. If the new time does not work for you, you can cancel or reschedule the booking from your dashboard.',
    context,
    attachments: [calendarAttachmentForBooking(booking, context.businessName, { sequence: input.sequence })],
  });
}

/**
 * The office cancelled a session: ONE e-mail per family, listing every child the family had booked in it,
 * with one cancelling calendar file (METHOD:CANCEL, same UID, raised SEQUENCE) per booking.
 */
export function sessionCancelledEmail(input: {
  /** The family's bookings in the session (already CANCELLED), at least one. */
  bookings: BookingDto[];
  sequences: ReadonlyMap<string, number>;
  context: EmailContext;
}): EmailMessage {
  const { context } = input;
  const [first] = input.bookings;
  if (!first) throw new Error('a session-cancelled email needs at least one booking');
  const session = first.session;
  const children = [...new Set(input.bookings.flatMap((b) => b.childNames))];
  const references = input.bookings.map((b) => `#${bookingReference(b.id)}`);
  const rows: Array<[string, string]> = [
    ['Class', session.classType.name],
    ['Date', formatLongDate(session.startsAt)],
    ['Time', `${formatTimeRange(session.startsAt, session.endsAt)} (Toronto time)`],
    ['Location', session.location],
  ];
  if (children.length) rows.push(['Children', children.join(', ')]);
  rows.push([references.length === 1 ? 'Booking reference' : 'Booking references', references.join(', ')]);
  return compose({
    to: first.user,
    subject: `Session cancelled: ${session.classType.name} on ${formatLongDate(session.startsAt)}`,
    paragraphs: [
      `The office has cancelled this session${children.length ? `, booked for ${children.join(' and ')}` : ''}. We are sorry for the inconvenience.`,
      'Your booking has been cancelled and the spots are released: they no longer count toward the weekly limit, so you can book another session instead.',
    ],
    rows,
    closing: 'The attached calendar file removes the session from your calendar. You can book another session from your dashboard.',
    context,
    attachments: input.bookings.map((booking) => {
      const sequence = input.sequences.get(booking.id);
      if (sequence === undefined) throw new Error(`no calendar sequence for booking ${booking.id}`);
      return calendarAttachmentForBooking(booking, context.businessName, { method: 'CANCEL', sequence });
    }),
  });
}
