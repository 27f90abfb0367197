import { useEffect, useState } from 'react';
import { cn } from '../../../lib/utils';

/**
 * The booking's reference as a QR code (issue 22), for the office to scan at the door. Drawn in the browser from the
 * reference alone: the QR library loads with its own chunk when a confirmation shows (the first screen never waits
 * for it), and the service worker keeps that chunk with the app's other scripts, so a confirmation opened offline
 * shows its code too.
 */
export function BookingQrCode({ reference, className }: { reference: string; className?: string }) {
  const [drawn, setDrawn] = useState<{ reference: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ toString }) => toString(reference, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#0f172a', light: '#ffffff' } }))
      .then((svg) => {
        if (current) setDrawn({ reference, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        // Without the code the reference still shows as text beside it; nothing to tell the family.
      });
    return () => {
      current = false;
    };
  }, [reference]);

  const label = `QR code for booking ${reference}`;
  return (
    <div className={cn('size-44 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-white p-1', className)}>
      {drawn?.reference === reference ? (
        <img src={drawn.src} alt={label} width={168} height={168} className="size-full [image-rendering:pixelated]" />
      ) : (
        <div role="img" aria-label={`${label} (loading)`} className="size-full animate-pulse rounded bg-slate-100" />
      )}
    </div>
  );
}
