import { CalendarPlus, Copy, RotateCw, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import type { CalendarFeedLink } from '../../../../shared/schemas/calendar-feed';
import { formatLongDate, formatTime } from '../../../../shared/rules/format';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { useCalendarFeedStatus, useCreateCalendarFeed, useTurnOffCalendarFeed } from '../calendar-feed-api';

interface CalendarFeedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (Radix's onCloseAutoFocus). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** 'Wednesday, November 18, 2026 at 12:00 PM', Toronto time. */
const madeAt = (instant: string) => `${formatLongDate(instant)} at ${formatTime(instant)}`;

/**
 * The user menu's Calendar feed (issue 22): a secret address a calendar app subscribes to, listing the user's
 * confirmed bookings. The server keeps only a hash of it, so the address is shown once, when it is made; after
 * that the dialog says the feed is on and offers Reset link (a new address; the old one stops at once) and Turn off.
 */
export function CalendarFeedDialog({ open, onOpenChange, onCloseAutoFocus }: CalendarFeedDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Calendar feed</DialogTitle>
          <DialogDescription>
            See your bookings in Google Calendar, Apple Calendar or Outlook. Subscribed calendars update themselves when
            you book, reschedule or cancel.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening reads the state afresh, and a shown link is gone once closed. */}
        {open && <CalendarFeedBody onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CalendarFeedBody({ onClose }: { onClose: () => void }) {
  const status = useCalendarFeedStatus();
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  /** The link just made: shown in this opening of the dialog only (the server cannot show it again). */
  const [link, setLink] = useState<{ made: CalendarFeedLink; replacedOld: boolean } | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const busy = create.isPending || turnOff.isPending;

  function makeLink(reset: boolean) {
    create.mutate(undefined, {
      // No toast: the dialog shows the link itself (and a toast would take the first Escape meant for the dialog).
      onSuccess: (made) => {
        setLink({ made, replacedOld: reset });
        setConfirmingReset(false);
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: apiErrorMessage(error, 'Failed to make the calendar link') }),
    });
  }

  function stopFeed() {
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setLink(null);
        toast({ title: 'Calendar feed turned off', description: 'Its link no longer works.' });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: apiErrorMessage(error, 'Failed to turn the calendar feed off') }),
    });
  }

  if (link) return <ShownLink link={link.made} replacedOld={link.replacedOld} onClose={onClose} />;

  if (status.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading the calendar feed" />
      </div>
    );
  }
  if (status.isError) {
    return <QueryErrorAlert title="Failed to fetch the calendar feed" error={status.error} onRetry={() => void status.refetch()} />;
  }

  if (!status.data.active) {
    return (
      <>
        <p className="text-sm text-slate-700">
          Make a private link to your bookings, then add it to your calendar app. Only people you give the link to can
          see your bookings.
        </p>
        <DialogFooter className="pt-2">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => makeLink(false)} disabled={busy}>
            <CalendarPlus aria-hidden="true" />
            {create.isPending ? 'Creating link...' : 'Create link'}
          </Button>
        </DialogFooter>
      </>
    );
  }

  if (confirmingReset) {
    return (
      <>
        <Alert variant="warning" role="alert">
          <TriangleAlert aria-hidden="true" />
          <div className="grid gap-1">
            <AlertTitle>Reset the calendar link?</AlertTitle>
            <AlertDescription>
              The old link stops working at once. Calendars subscribed to it stop updating: add the new link to them.
            </AlertDescription>
          </div>
        </Alert>
        <DialogFooter className="pt-2">
          <Button variant="outline" onClick={() => setConfirmingReset(false)} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => makeLink(true)} disabled={busy}>
            <RotateCw aria-hidden="true" />
            {create.isPending ? 'Resetting...' : 'Reset link'}
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      <div className="grid gap-2 text-sm text-slate-700">
        <p className="font-medium text-slate-900">Your calendar link is on (made {madeAt(status.data.createdAt ?? '')}).</p>
        <p>
          For your privacy the link is shown only when it is made. To add it to another calendar, reset it: you get a new
          link and the old one stops working.
        </p>
      </div>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={stopFeed} disabled={busy}>
          {turnOff.isPending ? 'Turning off...' : 'Turn off'}
        </Button>
        <Button onClick={() => setConfirmingReset(true)} disabled={busy}>
          <RotateCw aria-hidden="true" />
          Reset link
        </Button>
      </DialogFooter>
    </>
  );
}

/** The link just made, with Copy link and Add to calendar (the webcal:// address opens the device's calendar app). */
function ShownLink({ link, replacedOld, onClose }: { link: CalendarFeedLink; replacedOld: boolean; onClose: () => void }) {
  const inputId = useId();
  const noteId = useId();
  async function copy() {
    if (await copyText(link.url)) toast({ title: 'Link copied', description: 'Paste it into your calendar app to subscribe.' });
    else toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the link and copy it by hand.' });
  }
  return (
    <>
      <div className="grid gap-2">
        {replacedOld && (
          <p role="status" className="text-sm font-medium text-slate-900">
            Here is your new link. The old one no longer works.
          </p>
        )}
        <Label htmlFor={inputId}>Your calendar link</Label>
        <Input
          id={inputId}
          readOnly
          value={link.url}
          aria-describedby={noteId}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs md:text-xs"
          autoFocus
        />
        <p id={noteId} className="text-sm text-slate-600">
          This link is shown only now: copy it or add it to your calendar. Keep it private, as anyone with it can see
          your bookings. Lost it? Reset it for a new one.
        </p>
      </div>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button variant="outline" asChild>
          <a href={link.webcalUrl}>
            <CalendarPlus aria-hidden="true" />
            Add to calendar
          </a>
        </Button>
        <Button onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy link
        </Button>
      </DialogFooter>
    </>
  );
}
