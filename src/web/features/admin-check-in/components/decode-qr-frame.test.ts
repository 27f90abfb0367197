import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { parseBookingReference } from '../../../../shared/rules/booking-reference';
import { decodeQrFrame } from './decode-qr-frame';

/**
 * The camera path's decode step without a camera (issue 22): a frame holding the QR code the confirmation screen
 * draws (the same library, the same text) is read back to the booking reference.
 */
function frameWithCode(text: string, { width, height, scale, left, top }: { width: number; height: number; scale: number; left: number; top: number }) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const rgba = new Uint8ClampedArray(width * height * 4);
  // A grey-ish room around a white card holding the code (4 modules of quiet zone).
  rgba.fill(150);
  const quiet = 4;
  const card = (modules.size + 2 * quiet) * scale;
  for (let y = 0; y < card; y++) {
    for (let x = 0; x < card; x++) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col);
      const i = ((top + y) * width + left + x) * 4;
      rgba[i] = rgba[i + 1] = rgba[i + 2] = dark ? 20 : 245;
      rgba[i + 3] = 255;
    }
  }
  return rgba;
}

describe('decodeQrFrame', () => {
  it('reads the booking reference from a camera-sized frame holding the confirmation’s code', () => {
    const frame = frameWithCode('NB-1A2B3C4D', { width: 640, height: 480, scale: 6, left: 170, top: 90 });
    const text = decodeQrFrame(frame, 640, 480);
    expect(text).toBe('NB-1A2B3C4D');
    expect(parseBookingReference(text!)).toBe('1a2b3c4d');
  });

  it('finds nothing in a frame without a code', () => {
    const empty = new Uint8ClampedArray(320 * 240 * 4).fill(200);
    expect(decodeQrFrame(empty, 320, 240)).toBeNull();
  });
});
