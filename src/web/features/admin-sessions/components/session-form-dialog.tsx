import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, Info, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { STARTED_SESSION_NOT_EDITED } from '../../../../shared/rules/session-status';
import {
  DEFAULT_CAPACITY,
  DEFAULT_LOCATION,
  MAX_CAPACITY,
  MIN_CAPACITY,
  sessionFormBody,
  type CreateSessionInput,
  type SessionDto,
  type SessionFormBody,
  type SessionFormInput,
  type UpdateSessionInput,
  type WeeklyLimitConflict,
} from '../../../../shared/schemas/sessions';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage, errorCodeOf } from '../../../lib/api';
import { useNow } from '../../../lib/use-now';
import { duplicateSessionOf, useCreateSession } from '../api/create-session';
import { useClassTypes } from '../../../lib/class-types';
import { useUpdateSession, weeklyLimitConflictsOf } from '../api/update-session';
import { ClassTypeOptions } from './class-type-options';
import { addMinutesToDateTimeLocal, plural, sessionLabel, toTorontoDateTimeLocal } from './session-format';

interface SessionFormDialogProps {
  /** The session to edit, or null to create one. */
  session: SessionDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** The form's starting values; an edited session's times as Toronto wall-clock, whatever the browser's zone. */
function initialValues(session: SessionDto | null): SessionFormInput {
  if (!session) return { classTypeId: '', startsAt: '', endsAt: '', capacity: DEFAULT_CAPACITY, location: DEFAULT_LOCATION };
  return {
    classTypeId: session.classType.id,
    startsAt: toTorontoDateTimeLocal(session.startsAt),
    endsAt: toTorontoDateTimeLocal(session.endsAt),
    capacity: session.capacity,
    location: session.location,
  };
}

/**
 * Spec 2 and 5: 'Create Session' / 'Edit Session'. Date-times are typed as Toronto wall-clock times (the
 * schema reads a datetime-local value in Toronto). Mount it afresh for each opening (a key), so the form
 * starts from the session it edits.
 */
export function SessionFormDialog({ session, open, onOpenChange, onCloseAutoFocus }: SessionFormDialogProps) {
  const editing = session !== null;
  const classTypes = useClassTypes();
  const createSession = useCreateSession();
  const updateSession = useUpdateSession();
  const pending = createSession.isPending || updateSession.isPending;
  const form = useForm<SessionFormInput, unknown, SessionFormBody>({
    resolver: zodResolver(sessionFormBody),
    defaultValues: initialValues(session),
  });
  const { errors } = form.formState;
  // A move the server refused because booked children would go over their weekly limit in the new week: the
  // children, and the body to send again with the office's confirmation. Any change to the form drops it.
  const [limitConflicts, setLimitConflicts] = useState<{ children: WeeklyLimitConflict[]; body: UpdateSessionInput } | null>(null);
  // A create the server refused because the same class already starts then in the same place: its words, and
  // the body to send again with the office's confirmation. Any change to the form drops it.
  const [duplicate, setDuplicate] = useState<{ message: string; body: CreateSessionInput } | null>(null);
  // Issue 29: a session that has started is not edited. The dialog says so once its clock reaches the start (it
  // may have been opened a moment before), or when the server refused the save for that reason.
  const now = useNow();
  const [refusedAsStarted, setRefusedAsStarted] = useState(false);
  const started = session !== null && (refusedAsStarted || new Date(session.startsAt).getTime() <= now.getTime());
  // What the form shows is then the session as it stays, not what was typed.
  useEffect(() => {
    if (started) form.reset(initialValues(session));
  }, [started, session, form]);

  const saveChanges = (sessionId: string, body: UpdateSessionInput) => {
    updateSession.mutate(
      { sessionId, body },
      {
        onSuccess: (updated) => {
          toast({ title: 'Session Updated', description: `${sessionLabel(updated)} has been updated.` });
          onOpenChange(false);
        },
        onError: (error) => {
          if (errorCodeOf(error) === 'SESSION_STARTED_NOT_EDITED') {
            setLimitConflicts(null);
            setRefusedAsStarted(true);
            return;
          }
          const children = weeklyLimitConflictsOf(error);
          if (children && !body.confirmWeeklyLimits) {
            setLimitConflicts({ children, body });
            return;
          }
          toast({ variant: 'destructive', title: 'Update Failed', description: apiErrorMessage(error, 'Failed to update session') });
        },
      },
    );
  };

  const onSubmit = form.handleSubmit((values) => {
    const body: SessionFormInput = { ...values, startsAt: values.startsAt.toISOString(), endsAt: values.endsAt.toISOString() };
    if (session) {
      setLimitConflicts(null);
      saveChanges(session.id, body);
    } else {
      setDuplicate(null);
      create(body);
    }
  });

  function create(body: CreateSessionInput) {
    createSession.mutate(body, {
      onSuccess: (created) => {
        toast({ title: 'Session Created', description: `${sessionLabel(created)} has been added.` });
        onOpenChange(false);
      },
      onError: (error) => {
        const existing = duplicateSessionOf(error);
        if (existing && !body.confirmDuplicate) {
          setDuplicate({ message: existing.message, body });
          return;
        }
        toast({ variant: 'destructive', title: 'Creation Failed', description: apiErrorMessage(error, 'Failed to create session') });
      },
    });
  }

  const startsAt = form.register('startsAt', {
    // Suggest an end one hour after a newly typed start while the end is still empty.
    onChange: (event: { target: { value: string } }) => {
      if (!form.getValues('endsAt')) {
        form.setValue('endsAt', addMinutesToDateTimeLocal(event.target.value, 60), { shouldValidate: form.formState.isSubmitted });
      }
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Session' : 'Create Session'}</DialogTitle>
          <DialogDescription>
            {editing ? `Change ${sessionLabel(session)}.` : 'Add one session to the timetable.'} Times are Toronto time.
          </DialogDescription>
        </DialogHeader>
        {session && session.bookedCount > 0 && !started && (
          <Alert variant="info">
            <Info aria-hidden="true" />
            <AlertDescription className="mt-0">
              {plural(session.bookedCount, 'spot is', 'spots are')} booked. If you change the time or the location, each family
              with a booking is emailed about the change. The capacity cannot go below {session.bookedCount}.
            </AlertDescription>
          </Alert>
        )}
        <form
          onSubmit={onSubmit}
          onChange={() => {
            setLimitConflicts(null);
            setDuplicate(null);
          }}
          noValidate
          className="grid gap-4"
        >
          <fieldset disabled={pending || started} className="grid gap-4">
            <FormField label="Class type" error={errors.classTypeId?.message}>
              {(control) => (
                <NativeSelect
                  {...control}
                  {...form.register('classTypeId', {
                    // Issue 33: a new session starts with its class's default capacity and location (an edit keeps its own).
                    onChange: (event) => {
                      const classType = session ? undefined : classTypes.data?.find((c) => c.id === event.target.value);
                      if (!classType) return;
                      form.setValue('capacity', classType.defaultCapacity);
                      form.setValue('location', classType.defaultLocation);
                    },
                  })}
                >
                  <ClassTypeOptions classTypes={classTypes.data} loading={classTypes.isPending} failed={classTypes.isError} />
                </NativeSelect>
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Starts" error={errors.startsAt?.message}>
                {(control) => <Input type="datetime-local" className="min-w-0" {...control} {...startsAt} />}
              </FormField>
              <FormField label="Ends" error={errors.endsAt?.message}>
                {(control) => <Input type="datetime-local" className="min-w-0" {...control} {...form.register('endsAt')} />}
              </FormField>
            </div>
            <div className="grid grid-cols-[6rem_1fr] gap-4 sm:grid-cols-[8rem_1fr]">
              <FormField label="Capacity" error={errors.capacity?.message}>
                {(control) => (
                  <Input type="number" inputMode="numeric" min={Math.max(MIN_CAPACITY, session?.bookedCount ?? 0)} max={MAX_CAPACITY} step={1} {...control} {...form.register('capacity', { valueAsNumber: true })} />
                )}
              </FormField>
              <FormField label="Location" error={errors.location?.message}>
                {(control) => <Input autoComplete="off" {...control} {...form.register('location')} />}
              </FormField>
            </div>
          </fieldset>
          {started ? (
            <>
              <StartedNotice />
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={() => onOpenChange(false)}>
                  OK
                </Button>
              </DialogFooter>
            </>
          ) : session && limitConflicts ? (
            <>
              <WeeklyLimitWarning conflicts={limitConflicts.children} />
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
                  Cancel
                </Button>
                <Button
                  variant="destructive"
                  disabled={pending}
                  onClick={() => saveChanges(session.id, { ...limitConflicts.body, confirmWeeklyLimits: true })}
                >
                  {pending ? 'Moving...' : 'Move anyway'}
                </Button>
              </DialogFooter>
            </>
          ) : !session && duplicate ? (
            <>
              <DuplicateWarning message={duplicate.message} />
              <DialogFooter className="pt-2">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
                  Cancel
                </Button>
                <Button disabled={pending} onClick={() => create({ ...duplicate.body, confirmDuplicate: true })}>
                  {pending ? 'Creating...' : 'Create another'}
                </Button>
              </DialogFooter>
            </>
          ) : (
            <FormDialogFooter
              className="pt-2"
              onCancel={() => onOpenChange(false)}
              pending={pending}
              submitLabel={editing ? 'Save Changes' : 'Create Session'}
              pendingLabel={editing ? 'Saving...' : 'Creating...'}
            />
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The children a move into another week would put over their weekly limit (the server's 409), each with their
 * family and how many sessions they already have that week; 'Move anyway' keeps their bookings.
 */
function WeeklyLimitWarning({ conflicts }: { conflicts: WeeklyLimitConflict[] }) {
  // The Save button that was pressed is gone: keyboard and screen-reader users land on the warning instead.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} tabIndex={-1} variant="destructive" role="alert" className="focus:outline-none">
      <TriangleAlert aria-hidden="true" />
      <div className="min-w-0">
        <AlertTitle>
          {conflicts.length === 1 ? '1 child would go over their weekly limit' : `${conflicts.length} children would go over their weekly limit`}
        </AlertTitle>
        <AlertDescription>
          <p>The new time is in another week, where they already have these sessions booked:</p>
          <ul aria-label="Children over their weekly limit" className="mt-2 grid max-h-32 gap-1 overflow-y-auto">
            {conflicts.map((conflict) => (
              <li key={`${conflict.parentName}|${conflict.childName}`} className="break-words">
                <span className="font-medium">{conflict.childName}</span> ({conflict.parentName}): {conflict.bookedThatWeek} of{' '}
                {plural(conflict.weeklyLimit, 'session')} a week
              </li>
            ))}
          </ul>
          <p className="mt-2">Move anyway keeps their bookings and emails each family about the change.</p>
        </AlertDescription>
      </div>
    </Alert>
  );
}

/** Issue 29: the session has started; the office can no longer change it (nor cancel it). */
function StartedNotice() {
  // The Save button is gone: keyboard and screen-reader users land on the reason instead.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} tabIndex={-1} variant="destructive" role="alert" className="focus:outline-none">
      <Ban aria-hidden="true" />
      <div className="min-w-0">
        <AlertTitle>{STARTED_SESSION_NOT_EDITED}</AlertTitle>
        <AlertDescription>
          <p>Its time, place and capacity stay as they were.</p>
        </AlertDescription>
      </div>
    </Alert>
  );
}

/** The identical session the server found (issue 20): create a second one only when the office means it. */
function DuplicateWarning({ message }: { message: string }) {
  // As with the weekly-limit warning: the pressed button is gone, so focus lands on the question.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} tabIndex={-1} variant="warning" role="alert" className="focus:outline-none">
      <TriangleAlert aria-hidden="true" />
      <div className="min-w-0">
        <AlertTitle>This session already exists</AlertTitle>
        <AlertDescription>
          <p className="break-words">{`${message}. Create another one?`}</p>
        </AlertDescription>
      </div>
    </Alert>
  );
}
