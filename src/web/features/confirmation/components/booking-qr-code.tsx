import { useQrCodeImage } from '../../../lib/qr-code';
import { cn } from '../../../lib/utils';

const QR_COLORS = { dark: '#0f172a', light: '#ffffff' };

/**
 * The booking's reference as a QR code (issue 22), for the office to scan at the door. Drawn in the browser from the
 * reference alone: the QR library loads with its own chunk when a confirmation shows (the first screen never waits
 * for it), and the service worker keeps that chunk with the app's other scripts, so a confirmation opened offline
 * shows its code too.
 */
export function BookingQrCode({ reference, className }: { reference: string; className?: string }) {
  const src = useQrCodeImage(reference, QR_COLORS);
  const label = `QR code for booking ${reference}`;
  return (
    <div className={cn('size-44 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-white p-1', className)}>
      {src ? (
        <img src={src} alt={label} width={168} height={168} className="size-full [image-rendering:pixelated]" />
      ) : (
        <div role="img" aria-label={`${label} (loading)`} className="size-full animate-pulse rounded bg-slate-100" />
      )}
    </div>
  );
}
