import { formatLongDate, formatTime } from '../../../shared/rules/format';
import { SET_PASSWORD_LINK_HOURS } from '../../../shared/schemas/admin-users';
import type { EmailContext } from '../../mail/email-context';
import type { EmailMessage } from '../../mail/outbox';
import { escapeHtml } from '../../escape-html';

/** E-mails about an account: the welcome with its set-password link, and a new set-password link. */

interface LinkEmailInput {
  to: { email: string; firstName: string };
  /** The full set-password link. */
  url: string;
  expiresAt: Date;
  context: EmailContext;
}

function compose(input: LinkEmailInput & { subject: string; intro: string; button: string }): EmailMessage {
  const { to, url, expiresAt, context } = input;
  const validity = `The link works once and for ${SET_PASSWORD_LINK_HOURS} hours (until ${formatLongDate(expiresAt)}, ${formatTime(expiresAt)} Toronto time). If it has expired, contact our office for a new one.`;
  const text = [
    `Hello ${to.firstName},`,
    '',
    input.intro,
    '',
    `${input.button}: ${url}`,
    '',
    validity,
    `Your sign-in email is ${to.email}.`,
    '',
    context.businessName,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(to.firstName)},</p>`,
    `<p>${escapeHtml(input.intro)}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(input.button)}</a></p>`,
    `<p>${escapeHtml(validity)}</p>`,
    `<p>Your sign-in email is ${escapeHtml(to.email)}.</p>`,
    `<p>${escapeHtml(context.businessName)}</p>`,
  ].join('');
  return { to: to.email, subject: input.subject, text, html };
}

/** A new account without a typed password: welcome, and choose a password through the link. */
export function welcomeEmail(input: LinkEmailInput): EmailMessage {
  return compose({
    ...input,
    subject: `Welcome to ${input.context.businessName}: choose your password`,
    intro: `Our office has set up your account on the ${input.context.businessName} booking portal. Choose a password to sign in and book sessions for your children.`,
    button: 'Choose your password',
  });
}

/** The office sent a fresh set-password link (any earlier link stops working). */
export function setPasswordEmail(input: LinkEmailInput): EmailMessage {
  return compose({
    ...input,
    subject: `Set your password for ${input.context.businessName}`,
    intro: `Our office sent you a link to set the password of your ${input.context.businessName} account. Any earlier link no longer works.`,
    button: 'Set your password',
  });
}
