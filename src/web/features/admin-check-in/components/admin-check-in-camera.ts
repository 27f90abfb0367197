import { decodeQrFrame } from './decode-qr-frame';

/** How often a camera frame is read for a code (a few times a second is quick at the door and light on a tablet). */
const FRAME_INTERVAL_MS = 150;
/** Frames are read at most this wide (a smaller picture is read faster; a QR code held up fills much of it). */
const MAX_FRAME_WIDTH = 640;

/**
 * The door's camera scanner (issue 22; loaded only when 'Scan QR code' is pressed, as its own admin-* chunk that
 * parents' phones never fetch): shows the back camera in `video` and reads its frames until one holds a QR code,
 * then hands its text to `onCode` once and stops. Returns `stop`, which releases the camera (closing the dialog).
 */
export async function startCamera(video: HTMLVideoElement, onCode: (text: string) => void): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const readFrame = () => {
    if (stopped) return;
    if (context && video.videoWidth > 0) {
      const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const text = decodeQrFrame(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
      if (text !== null) {
        stop();
        onCode(text);
        return;
      }
    }
    timer = setTimeout(readFrame, FRAME_INTERVAL_MS);
  };
  readFrame();
  return stop;
}
