import { Phone } from 'lucide-react';
import { telHref } from '../../shared/schemas/family';

/**
 * A phone as stored, as a tap-to-call link when it reads as a dialable number (tel:+1…); as plain text when it does
 * not; `none` when there is no phone. Used by the Family page and the door (roster, Check-in); on paper it is one
 * line of text.
 */
export function PhoneLink({ phone, none = 'No phone', label }: { phone: string | null; none?: string; label?: string }) {
  if (!phone) return <span className="text-slate-500">{none}</span>;
  const href = telHref(phone);
  if (!href) return <span className="[overflow-wrap:anywhere]">{phone}</span>;
  return (
    <a
      href={href}
      aria-label={label ? `${label} ${phone}` : undefined}
      className="inline-flex min-h-6 items-center gap-1.5 font-medium print:min-h-0 text-brand-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 rounded-sm"
    >
      <Phone className="size-3.5 shrink-0 print:hidden" aria-hidden="true" />
      <span className="[overflow-wrap:anywhere]">{phone}</span>
    </a>
  );
}
