import { TriangleAlert, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { canSubmitBooking } from '../../../../shared/rules/session-card';
import { createBookingBody, NO_CHILDREN_SELECTED } from '../../../../shared/schemas/bookings';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { BookingSummary } from '../../../components/booking-summary';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/utils';
import { useCreateBooking } from '../api/create-booking';
import { OfflineNotice } from '../../../components/offline-notice';
import { useOnline } from '../../../lib/online-status';

interface BookingDialogProps {
  /** The session being booked; kept while the dialog animates closed. */
  session: SessionDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (Radix's onCloseAutoFocus). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec 2, booking dialog ('Book Session'); spec 4 booking flow; spec 5 booking validation; spec 8 toasts. */
export function BookingDialog({ session, open, onOpenChange, onCloseAutoFocus }: BookingDialogProps) {
  return (
    <Dialog open={open && session !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        {session && <BookingForm key={session.id} session={session} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** 'Ages: 8-14' plus ' (Girls Only)' when the class is girls-only. */
function agesLabel(classType: SessionDto['classType']): string | null {
  if (classType.minAge === null && classType.maxAge === null) return null;
  const ages = `Ages: ${classType.minAge ?? ''}-${classType.maxAge ?? ''}`;
  return classType.girlsOnly ? `${ages} (Girls Only)` : ages;
}

function spotsLeftLabel(spots: number): string {
  return `${spots} ${spots === 1 ? 'spot' : 'spots'} left`;
}

function BookingForm({ session, onClose }: { session: SessionDto; onClose: () => void }) {
  const ids = useId();
  const navigate = useNavigate();
  const { user } = useAuth();
  const createBooking = useCreateBooking();
  const [selected, setSelected] = useState<string[]>([]);
  const children = user?.children ?? [];
  const busy = createBooking.isPending;
  const online = useOnline();
  const canSubmit = online && canSubmitBooking(selected.length, session.availableSpots);
  const tooFewSpots = selected.length > session.availableSpots;
  const ages = agesLabel(session.classType);

  function toggle(name: string, checked: boolean) {
    // Keep the order of the account's children, whatever order they are ticked in.
    setSelected((current) => children.map((child) => child.name).filter((n) => (n === name ? checked : current.includes(n))));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = createBookingBody.safeParse({ sessionId: session.id, childNames: selected });
    if (selected.length === 0) {
      toast({ variant: 'destructive', title: 'No Children Selected', description: NO_CHILDREN_SELECTED });
      return;
    }
    if (!parsed.success || !canSubmit) return;
    createBooking.mutate(parsed.data, {
      onSuccess: async (booking) => {
        toast({ title: 'Booking Confirmed!', description: `Successfully booked for ${booking.childNames.join(', ')}` });
        onClose();
        await navigate(`/booking-confirmation/${booking.id}`);
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Booking Failed', description: apiErrorMessage(error, 'Failed to book session') });
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Book Session</DialogTitle>
      </DialogHeader>
      <DialogDescription asChild>
        <div className="-mt-1 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <BookingSummary
            session={session}
            className="gap-2"
            extraDetails={[{ label: 'Availability', icon: Users, value: spotsLeftLabel(session.availableSpots) }]}
          />
        </div>
      </DialogDescription>

      <fieldset className="grid gap-3" disabled={busy}>
        <legend className="mb-3 text-sm font-semibold text-slate-900">Select Children for this Session</legend>
        {children.length === 0 ? (
          <p className="text-sm text-slate-600">There are no children on your account yet. Please contact our office to add them.</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {children.map((child, index) => {
              const id = `${ids}-child-${index}`;
              const checked = selected.includes(child.name);
              return (
                <label
                  key={child.name}
                  htmlFor={id}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm font-medium text-slate-900 transition-colors hover:border-brand-300',
                    checked && 'border-brand-600 bg-brand-50',
                  )}
                >
                  <Checkbox id={id} checked={checked} onChange={(event) => toggle(child.name, event.target.checked)} />
                  {child.name}
                </label>
              );
            })}
          </div>
        )}
        <div aria-live="polite" className="grid gap-1 text-sm">
          {selected.length > 0 && (
            <p className="text-slate-700">
              <span className="font-medium text-slate-900">Selected:</span> {selected.join(', ')}
            </p>
          )}
          {selected.length > 1 && <p className="font-medium text-brand-800">{`This will book ${selected.length} spots in the session.`}</p>}
          {tooFewSpots && (
            <p className="flex items-center gap-1.5 font-medium text-red-700">
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              {`Only ${spotsLeftLabel(session.availableSpots)} in this session.`}
            </p>
          )}
        </div>
      </fieldset>

      <section aria-labelledby={`${ids}-details`} className="grid gap-1.5 text-sm">
        <h3 id={`${ids}-details`} className="font-semibold text-slate-900">
          Class Details
        </h3>
        {ages && <p className="text-slate-700">{ages}</p>}
        {session.classType.description && <p className="text-slate-600">{session.classType.description}</p>}
      </section>

      {!online && <OfflineNotice />}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          // Spec 5: the button reads as disabled until the choice is valid, yet stays focusable and clickable
          // so that trying it with no child selected explains why ('No Children Selected').
          aria-disabled={!canSubmit || busy}
          className={cn(!canSubmit && 'cursor-not-allowed opacity-60 hover:bg-brand-600')}
        >
          {busy ? 'Booking...' : 'Book Session'}
        </Button>
      </DialogFooter>
    </form>
  );
}
