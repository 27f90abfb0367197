import { bookingReference } from '../../../shared/product';
import { calendarAttachmentForBooking } from '../../../shared/rules/calendar-event';
import { formatLongDate, formatTimeRange, plural } from '../../../shared/rules/format';
import { torontoMidnightOf } from '../../../shared/rules/week';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { EmailContext } from '../../mail/email-context';
import type { EmailMessage } from '../../mail/outbox';
import { escapeHtml } from '../../escape-html';

/** A waiting entry a closure ended: its session and the children who waited. */
export interface EndedEntry {
  session: { startsAt: Date; endsAt: Date; location: string; className: string };
  childNames: string[];
}

export interface ClosureEmailInput {
  to: { firstName: string; email: string };
  reason: string;
  startDate: string;
  endDate: string;
  /** The family's bookings the closure cancelled (already CANCELLED, sequences raised), by session start. */
  bookings: BookingDto[];
  sequences: ReadonlyMap<string, number>;
  /** The family's waiting entries the closure ended. */
  entries: EndedEntry[];
  /** Make-up credits the closure gave the family's children (new or given back). */
  credits: number;
  context: EmailContext;
}

const when = (s: { startsAt: Date | string; endsAt: Date | string; location: string }) =>
  `${formatLongDate(s.startsAt)}, ${formatTimeRange(s.startsAt, s.endsAt)} (Toronto time) at ${s.location}`;

/** 'Monday, December 7, 2026' or 'Monday, December 7, 2026 to Wednesday, December 9, 2026'. */
export function closedDaysLabel(startDate: string, endDate: string): string {
  const first = formatLongDate(torontoMidnightOf(startDate));
  return startDate === endDate ? first : `${first} to ${formatLongDate(torontoMidnightOf(endDate))}`;
}

/**
 * Issue 32: the closure e-mail, ONE per family (each of its recipients gets a copy): every session of the family the
 * closure cancelled (children, reference, a cancelling calendar file per booking) and every waiting entry it ended.
 */
export function closureEmail(input: ClosureEmailInput): EmailMessage {
  const { to, reason, context } = input;
  const days = closedDaysLabel(input.startDate, input.endDate);
  const booked = input.bookings.map(
    (b) => `${b.session.classType.name}, ${when(b.session)}${b.childNames.length ? ` - ${b.childNames.join(', ')}` : ''} (booking #${bookingReference(b.id)})`,
  );
  const waited = input.entries.map((e) => `${e.session.className}, ${when(e.session)} - ${e.childNames.join(', ')}`);
  const sections: Array<{ intro: string; lines: string[] }> = [];
  if (booked.length) {
    sections.push({
      intro:
        'These sessions you booked are cancelled. The spots are released and no longer count toward the weekly limit, so you can book another session instead:',
      lines: booked,
    });
  }
  if (waited.length) sections.push({ intro: 'Your places on the waiting lists of these sessions have ended:', lines: waited });
  const paragraphs = [`We are closed on ${days}: ${reason}. We are sorry for the inconvenience.`];
  if (input.credits > 0) paragraphs.push(`Your children received ${plural(input.credits, 'make-up credit')} for the cancelled sessions.`);
  const closing = input.bookings.length
    ? 'The attached calendar files remove the cancelled sessions from your calendar. You can book another session from your dashboard.'
    : 'You can book another session from your dashboard.';
  const text = [
    `Hello ${to.firstName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...sections.flatMap((s) => [s.intro, ...s.lines.map((l) => `- ${l}`), '']),
    closing,
    `Manage your bookings: ${context.publicUrl}/dashboard`,
    '',
    context.businessName,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(to.firstName)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...sections.map((s) => `<p>${escapeHtml(s.intro)}</p><ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`),
    `<p>${escapeHtml(closing)}</p>`,
    `<p><a href="${escapeHtml(context.publicUrl)}/dashboard">Manage your bookings</a></p>`,
    `<p>${escapeHtml(context.businessName)}</p>`,
  ].join('');
  return {
    to: to.email,
    subject: `Closed: ${reason}`,
    text,
    html,
    attachments: input.bookings.map((booking) => {
      const sequence = input.sequences.get(booking.id);
      if (sequence === undefined) throw new Error(`no calendar sequence for booking ${booking.id}`);
      return calendarAttachmentForBooking(booking, context.businessName, { method: 'CANCEL', sequence });
    }),
  };
}
