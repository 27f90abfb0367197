import { CalendarOff, DoorOpen } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { plural } from '../../../../shared/rules/format';
import { torontoDateKey } from '../../../../shared/rules/week';
import { closureDayCount, createClosureBody, isCalendarDate, MAX_CLOSURE_DAYS, MAX_CLOSURE_REASON, type AdminClosureDto } from '../../../../shared/schemas/closures';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useAdminClosures } from '../../../lib/closures';
import { useNow } from '../../../lib/use-now';
import { useClosurePreview, useCloseDays, useReopenClosure, type ClosurePreview } from '../api/closures';

/** 'Mon, Dec 7' style days of a closure: one day, or first – last. */
const daysText = (c: { startDate: string; endDate: string }) => (c.startDate === c.endDate ? c.startDate : `${c.startDate} to ${c.endDate}`);

/**
 * Issue 32, the Sessions tab's closed days: 'Close Days' (a dialog saying what it will cancel), the closures from
 * today on, each with 'Reopen'.
 */
export function ClosuresSection() {
  const ids = useId();
  const now = useNow();
  const today = torontoDateKey(now);
  const closures = useAdminClosures();
  const [closing, setClosing] = useState(false);
  const [closingKey, setClosingKey] = useState(0);
  const [reopening, setReopening] = useState<AdminClosureDto | null>(null);
  const upcoming = (closures.data?.closures ?? []).filter((c) => c.endDate >= today);

  return (
    <section aria-labelledby={`${ids}-closures`} className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${ids}-closures`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <CalendarOff className="size-4 text-slate-500" aria-hidden="true" />
          Closed days
        </h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setClosingKey((k) => k + 1);
            setClosing(true);
          }}
        >
          <CalendarOff aria-hidden="true" />
          Close Days
        </Button>
      </div>
      {closures.isError && <QueryErrorAlert title="Failed to fetch closed days" error={closures.error} onRetry={() => void closures.refetch()} />}
      {closures.data && upcoming.length === 0 && <p className="text-sm text-slate-600">No closed days ahead.</p>}
      {upcoming.length > 0 && (
        <ul className="grid gap-1.5">
          {upcoming.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 px-2 py-1.5 text-sm">
              <span className="min-w-0 break-words">
                <strong className="font-semibold text-slate-900">{daysText(c)}</strong> — {c.reason}
              </span>
              <Button variant="ghost" size="sm" onClick={() => setReopening(c)} aria-label={`Reopen ${daysText(c)}`}>
                <DoorOpen aria-hidden="true" />
                Reopen
              </Button>
            </li>
          ))}
        </ul>
      )}
      <CloseDaysDialog key={closingKey} open={closing} onOpenChange={setClosing} today={today} />
      <ReopenDialog closure={reopening} onOpenChange={(open) => !open && setReopening(null)} />
    </section>
  );
}

/** What closing will do, in words: 'This cancels 6 sessions (9 bookings) and e-mails 14 families.' */
export function closureWarning(preview: ClosurePreview): string {
  if (preview.sessions === 0) return 'No scheduled session falls on these days: nothing is cancelled and no family is emailed.';
  const bookings = preview.bookings ? ` (${plural(preview.bookings, 'booking')})` : '';
  const waiting = preview.waitlistEntries ? `, ends ${plural(preview.waitlistEntries, 'waiting entry', 'waiting entries')}` : '';
  return `This cancels ${plural(preview.sessions, 'session')}${bookings}${waiting} and emails ${plural(preview.families, 'family', 'families')}.`;
}

function CloseDaysDialog({ open, onOpenChange, today }: { open: boolean; onOpenChange: (open: boolean) => void; today: string }) {
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'startDate' | 'endDate' | 'reason', string>>>({});
  const closeDays = useCloseDays();
  const end = endDate || startDate;
  const datesReady = isCalendarDate(startDate) && isCalendarDate(end) && closureDayCount(startDate, end) >= 1 && closureDayCount(startDate, end) <= MAX_CLOSURE_DAYS;
  const preview = useClosurePreview(open && datesReady ? { startDate, endDate: end } : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createClosureBody.safeParse({ startDate, endDate: end, reason });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    closeDays.mutate(parsed.data, {
      onSuccess: (result) => {
        toast({
          title: 'Days Closed',
          description: `${result.closure.reason}: ${plural(result.sessions, 'session')} and ${plural(result.bookings, 'booking')} cancelled, ${plural(result.families, 'family', 'families')} emailed, ${plural(result.credits, 'make-up credit')} given.`,
        });
        onOpenChange(false);
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !closeDays.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Close Days</DialogTitle>
          <DialogDescription>
            Closing cancels every scheduled session of those days (Toronto time) and their bookings, ends their waiting lists and emails each family
            once. Booked children get a make-up credit while credits are on.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset disabled={closeDays.isPending} className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="First day" error={errors.startDate}>
                {(control) => <Input type="date" min={today} className="min-w-0" value={startDate} onChange={(e) => setStartDate(e.target.value)} {...control} />}
              </FormField>
              <FormField label="Last day" hint="Empty: one day" error={errors.endDate}>
                {(control) => <Input type="date" min={startDate || today} className="min-w-0" value={endDate} onChange={(e) => setEndDate(e.target.value)} {...control} />}
              </FormField>
            </div>
            <FormField label="Reason" hint="Families read it in the email and on the calendar ('Closed — Snow day')." error={errors.reason}>
              {(control) => <Input maxLength={MAX_CLOSURE_REASON} autoComplete="off" value={reason} onChange={(e) => setReason(e.target.value)} {...control} />}
            </FormField>
          </fieldset>
          <Alert variant="warning" className="py-2.5">
            <p aria-live="polite">
              {!datesReady
                ? `Choose the days to close (at most ${MAX_CLOSURE_DAYS}) to see what it cancels.`
                : preview.data
                  ? preview.data.overlaps
                    ? `These days overlap a closure already made (${preview.data.overlaps}).`
                    : `${closureWarning(preview.data)} This cannot be undone: reopening the days later does not bring the sessions back.`
                  : preview.isError
                    ? 'Closing cancels every session of these days and emails their families. This cannot be undone.'
                    : 'Counting the sessions of these days...'}
            </p>
          </Alert>
          {closeDays.isError && (
            <p role="alert" className="text-sm text-red-700">
              {apiErrorMessage(closeDays.error, 'Failed to close the days')}
            </p>
          )}
          <FormDialogFooter onCancel={() => onOpenChange(false)} submitLabel="Close Days" pendingLabel="Closing..." pending={closeDays.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReopenDialog({ closure, onOpenChange }: { closure: AdminClosureDto | null; onOpenChange: (open: boolean) => void }) {
  const reopen = useReopenClosure();
  return (
    <ConfirmDialog
      open={closure !== null}
      onOpenChange={onOpenChange}
      title="Reopen Days"
      description={
        closure && (
          <p>
            {daysText(closure)} ({closure.reason}) open again: sessions can be created on them. The sessions the closure cancelled stay cancelled, and the
            make-up credits it gave stay.
          </p>
        )
      }
      confirmLabel="Reopen"
      pendingLabel="Reopening..."
      pending={reopen.isPending}
      onConfirm={() =>
        closure &&
        reopen.mutate(
          { id: closure.id },
          {
            onSuccess: () => {
              toast({ title: 'Days Reopened', description: `${daysText(closure)} are open again.` });
              onOpenChange(false);
            },
            onError: (error) => toast({ variant: 'destructive', title: 'Reopening Failed', description: apiErrorMessage(error, 'Failed to reopen the days') }),
          },
        )
      }
    />
  );
}
