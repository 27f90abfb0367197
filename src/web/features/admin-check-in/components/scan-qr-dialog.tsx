import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';

interface ScanQrDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The text of the first QR code read (then the dialog is closed by its owner). */
  onCode: (text: string) => void;
}

/** 'Scan QR code' (issue 22): the device's camera, until the QR code of a family's confirmation is read. */
export function ScanQrDialog({ open, onOpenChange, onCode }: ScanQrDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Scan QR code</DialogTitle>
          <DialogDescription>Hold the QR code of the family’s booking confirmation in front of the camera.</DialogDescription>
        </DialogHeader>
        {open &&
          (canUseCamera() ? (
            <CameraView onCode={onCode} />
          ) : (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              This browser cannot use the camera here (it needs HTTPS). Type the reference instead.
            </p>
          ))}
      </DialogContent>
    </Dialog>
  );
}

/** Browsers offer the camera on secure pages only (HTTPS, or localhost). */
const canUseCamera = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** Why the camera did not open, in words for the door. */
function cameraProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The camera is blocked for this site. Allow it in the browser’s settings, or type the reference.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device. Type the reference instead.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it, or type the reference.';
  return 'The camera could not be opened. Type the reference instead.';
}

function CameraView({ onCode }: { onCode: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(true);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let stop: (() => void) | undefined;
    let closed = false;
    const video = videoRef.current;
    if (!video) return;
    // The scanner (and its QR reader) loads only now: a chunk of its own, never fetched by parents' phones.
    import('./admin-check-in-camera')
      .then(({ startCamera }) => startCamera(video, (text) => onCodeRef.current(text)))
      .then((release) => {
        if (closed) release();
        else stop = release;
      })
      .catch((error: unknown) => {
        if (!closed) setProblem(cameraProblem(error));
      })
      .finally(() => {
        if (!closed) setStarting(false);
      });
    return () => {
      closed = true;
      stop?.();
    };
  }, []);

  return (
    <div className="grid gap-3">
      <div className="relative overflow-hidden rounded-lg bg-slate-900">
        <video ref={videoRef} className="aspect-[4/3] w-full object-cover" muted playsInline aria-label="Camera picture" />
        {starting && !problem && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner className="size-8 text-white" label="Opening the camera" />
          </div>
        )}
      </div>
      {problem ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : (
        <p className="text-sm text-slate-600" role="status">
          {starting ? 'Opening the camera…' : 'Looking for a QR code…'}
        </p>
      )}
    </div>
  );
}
