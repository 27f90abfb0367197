import { WifiOff } from 'lucide-react';
import { Alert } from './ui/alert';
import { OFFLINE_CHANGES_MESSAGE } from '../lib/online-status';

/** Shown where a change needs the server while the device is offline: the change is disabled, not queued. */
export function OfflineNotice({ id, className }: { id?: string; className?: string }) {
  return (
    <Alert id={id} role="status" className={className}>
      <WifiOff aria-hidden="true" />
      <p>{OFFLINE_CHANGES_MESSAGE}</p>
    </Alert>
  );
}
