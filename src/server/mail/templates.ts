import { bookingDtoFromFacts, type BookingFacts } from '../services/bookings/booking-dto';
import { bookingCancelledEmail, bookingConfirmedEmail, bookingReminderEmail, bookingRescheduledEmail } from '../services/bookings/booking-emails';
import type { EmailContext } from './email-context';
import type { EmailMessage } from './outbox';

/**
 * E-mails written by the worker at send time from the facts stored with the outbox row (the row is written in
 * the change's transaction, so nothing is lost; the rendering — bodies, the calendar file — happens after the
 * commit, outside the booking's locks). The facts are those of the moment of the change (a reminder's are
 * refreshed by the worker when it falls due, email-worker.ts).
 */
const templates = {
  // A booking made by promotion from the waitlist says so (issue 21: template_data.fromWaitlist).
  'booking-confirmed': (data: BookingFacts & { fromWaitlist?: boolean }, context: EmailContext) =>
    bookingConfirmedEmail(bookingDtoFromFacts(data), context, { fromWaitlist: data.fromWaitlist === true }),
  // Issue 32: a cancellation of some of the booking's children names them (cancelledChildNames); the booking is the one after.
  'booking-cancelled': (data: BookingFacts & { cancelledChildNames?: string[] }, context: EmailContext) =>
    bookingCancelledEmail(bookingDtoFromFacts(data), context, data.cancelledChildNames),
  // Queued with the booking, due 24 hours before the session; its facts are refreshed by the worker when due.
  'booking-reminder': (data: BookingFacts, context: EmailContext) => bookingReminderEmail(bookingDtoFromFacts(data), context),
  // Issue 32: a move of some of the booking's children: `remaining` is the earlier booking with the children who stay.
  'booking-rescheduled': (data: { booking: BookingFacts; previous: BookingFacts; remaining?: BookingFacts }, context: EmailContext) =>
    bookingRescheduledEmail(
      bookingDtoFromFacts(data.booking),
      bookingDtoFromFacts(data.previous),
      context,
      data.remaining ? bookingDtoFromFacts(data.remaining) : undefined,
    ),
} as const;

export type EmailTemplate = keyof typeof templates;

/** The message of a template row; an unknown template is an error (the row is retried, then given up). */
export function renderTemplate(template: string, data: unknown, context: EmailContext): EmailMessage {
  if (!Object.hasOwn(templates, template)) throw new Error(`unknown email template ${template}`);
  const render = templates[template as EmailTemplate] as (data: unknown, context: EmailContext) => EmailMessage;
  return render(data, context);
}
