import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { AccountSession } from '../../../../shared/schemas/account-sessions';
import { formatShortDate, formatTime, plural } from '../../../../shared/rules/format';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { TruncatedText } from '../../../components/ui/tooltip';
import { apiErrorMessage } from '../../../lib/api';
import { useAccountSessions, useSignOutOtherSessions, useSignOutSession } from '../account-sessions-api';

interface SignedInDevicesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (Radix's onCloseAutoFocus). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** 'Wed, Nov 18, 12:00 PM', Toronto time. */
const lastActive = (instant: string) => `${formatShortDate(instant)}, ${formatTime(instant)}`;

/** The user menu's Signed-in Devices: every device signed in to this account, and a way to sign the others out. */
export function SignedInDevicesDialog({ open, onOpenChange, onCloseAutoFocus }: SignedInDevicesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Signed-in Devices</DialogTitle>
          <DialogDescription>
            Devices signed in to your account. Sign out any you do not recognise, then change your password.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening reads the list afresh. */}
        {open && <DeviceList onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function DeviceList({ onClose }: { onClose: () => void }) {
  const sessions = useAccountSessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const busy = signOutOne.isPending || signOutOthers.isPending;
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);

  function signOut(session: AccountSession) {
    signOutOne.mutate(session.id, {
      onSuccess: () => toast({ title: 'Signed out', description: `${session.device} was signed out` }),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: apiErrorMessage(error, 'Failed to sign out the device') }),
    });
  }

  function signOutEveryOther() {
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signedOut }) =>
        toast({ title: 'Signed out', description: signedOut ? `${plural(signedOut, 'other device')} signed out` : 'No other device was signed in' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: apiErrorMessage(error, 'Failed to sign out other devices') }),
    });
  }

  let body;
  if (sessions.isPending) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label="Loading devices" />
      </div>
    );
  } else if (sessions.isError) {
    body = <QueryErrorAlert title="Failed to fetch devices" error={sessions.error} onRetry={() => void sessions.refetch()} />;
  } else if (!list.length) {
    body = <p className="py-4 text-center text-sm text-slate-600">No devices are signed in.</p>;
  } else {
    body = (
      <ul className="grid gap-2" aria-label="Signed-in devices">
        {list.map((session) => (
          <li key={session.id} className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
            <MonitorSmartphone className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                <TruncatedText>{session.device}</TruncatedText>
                {session.current && <Badge variant="brand">This device</Badge>}
              </p>
              <p className="text-xs text-slate-600">Last active {lastActive(session.lastSeenAt)}</p>
            </div>
            {!session.current && (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => signOut(session)}
                aria-label={`Sign out ${session.device}, last active ${lastActive(session.lastSeenAt)}`}
              >
                <LogOut aria-hidden="true" />
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
    if (!others.length) {
      body = (
        <div className="grid gap-2">
          {body}
          <p className="px-1 text-sm text-slate-600">No other devices are signed in.</p>
        </div>
      );
    }
  }

  return (
    <>
      <div className="max-h-[50vh] overflow-y-auto">{body}</div>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button variant="destructive" onClick={signOutEveryOther} disabled={busy || !others.length}>
          {signOutOthers.isPending ? 'Signing out...' : 'Sign Out Other Devices'}
        </Button>
      </DialogFooter>
    </>
  );
}
