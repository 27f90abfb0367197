import { BinaryBitmap, HybridBinarizer, NotFoundException, QRCodeReader, RGBLuminanceSource, ChecksumException, FormatException } from '@zxing/library';

/**
 * The scanner's decode step (issue 22): the text of the QR code in one camera frame (RGBA pixels, as a canvas's
 * getImageData gives them), or null when the frame holds no readable code. ZXing's QR reader does the reading; the
 * frame is turned into the grey levels it works on (the same weights as ZXing's own browser reader).
 */
export function decodeQrFrame(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  const grey = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; p < grey.length; i += 4, p += 1) {
    grey[p] = (rgba[i]! * 306 + rgba[i + 1]! * 601 + rgba[i + 2]! * 117) >> 10;
  }
  try {
    return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height)))).getText();
  } catch (error) {
    // No code in this frame, or one too blurred to read: the next frame is tried.
    if (error instanceof NotFoundException || error instanceof ChecksumException || error instanceof FormatException) return null;
    throw error;
  }
}
