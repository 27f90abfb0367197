import { useEffect, useState } from 'react';

/**
 * `text` drawn as a QR code (an SVG data URL), or null until it is drawn (or when it could not be). The QR library
 * loads as its own chunk the first time a screen asks (the booking's confirmation, the authenticator app's set-up),
 * and the service worker keeps that chunk with the app's other scripts.
 */
export function useQrCodeImage(text: string, colors: { dark?: string; light?: string } = {}): string | null {
  const { dark, light } = colors;
  const [drawn, setDrawn] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ toString }) => toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: dark ?? '#000000', light: light ?? '#ffffff' } }))
      .then((svg) => {
        if (current) setDrawn({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        // The caller shows the text beside the code: nothing to tell the person.
      });
    return () => {
      current = false;
    };
  }, [text, dark, light]);
  return drawn?.text === text ? drawn.src : null;
}
