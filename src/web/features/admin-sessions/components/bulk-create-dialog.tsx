import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarCheck, CalendarPlus, CircleAlert, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { BulkSlot } from '../../../../shared/rules/bulk-schedule';
import { formatShortDate, formatTime } from '../../../../shared/rules/format';
import { torontoMidnightOf } from '../../../../shared/rules/week';
import {
  BULK_PATTERNS,
  bulkSessionBody,
  DEFAULT_CAPACITY,
  DEFAULT_LOCATION,
  MAX_BULK_SESSIONS,
  MAX_BULK_SLOTS,
  MAX_CAPACITY,
  MIN_CAPACITY,
  type BulkPattern,
  type BulkSessionBody,
  type BulkSessionInput,
  type BulkSessionResponse,
  type BulkSlotInput,
} from '../../../../shared/schemas/sessions';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormMessage } from '../../../components/ui/form-message';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../hooks/use-toast';
import { useCurrentClosures } from '../../../lib/closures';
import { apiErrorMessage } from '../../../lib/api';
import { useNow } from '../../../lib/use-now';
import { cn } from '../../../lib/utils';
import { useBulkCreateSessions } from '../api/bulk-create-sessions';
import { useClassTypes } from '../../../lib/class-types';
import { bulkPreview, type BulkPreview } from './bulk-preview';
import { ClassTypeOptions } from './class-type-options';
import { formatTableDate, plural } from './session-format';

const PATTERN_LABELS: Record<BulkPattern, string> = { daily: 'Daily', weekly: 'Weekly', 'specific-days': 'Specific days' };
/** 0 = Sunday … 6 = Saturday, as the schema numbers them. */
const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/**
 * The form: the spec's fields, and (issue 33) the weekly pattern's day rows, each a weekday with its own times
 * (`slots`). The weekly pattern sends the rows; the others send the one start and end time.
 */
type BulkFormValues = Omit<BulkSessionInput, 'slots'> & { slots: BulkSlotInput[] };

/**
 * Spec 5 and 9 defaults: 18:00 to 19:00, weekly, on Mondays; capacity 50 at the Main Gym until a class is chosen,
 * then the class type's defaults (issue 33).
 */
const DEFAULTS: BulkFormValues = {
  classTypeId: '',
  startDate: '',
  endDate: '',
  startTime: '18:00',
  endTime: '19:00',
  location: DEFAULT_LOCATION,
  capacity: DEFAULT_CAPACITY,
  pattern: 'weekly',
  specificDates: [],
  slots: [{ dayOfWeek: 1, startTime: '18:00', endTime: '19:00' }],
};

/** The request the form stands for: only the chosen pattern's fields (the API's own schema then checks it). */
function bulkBodyOf({ slots, startTime, endTime, specificDates, ...common }: BulkFormValues): BulkSessionInput {
  if (common.pattern === 'weekly') return { ...common, slots };
  return { ...common, startTime, endTime, specificDates: common.pattern === 'specific-days' ? specificDates : [] };
}
const bodyResolver = zodResolver(bulkSessionBody);
const resolver: Resolver<BulkFormValues, unknown, BulkSessionBody> = (values, context, options) =>
  bodyResolver(bulkBodyOf(values), context, options as never) as ReturnType<Resolver<BulkFormValues, unknown, BulkSessionBody>>;

/** The day rows as the shared rule reads them (a row being typed may be half-filled). */
const slotsOf = (rows: ReadonlyArray<Partial<BulkSlotInput> | undefined> | undefined): BulkSlot[] =>
  (rows ?? []).map((row) => ({ dayOfWeek: Number(row?.dayOfWeek), startTime: row?.startTime ?? '', endTime: row?.endTime ?? '' }));

/** A new day row: the day after the last row's that has no row yet, at the last row's times. */
function nextSlot(rows: readonly BulkSlot[]): BulkSlotInput {
  const last = rows.at(-1) ?? DEFAULTS.slots[0]!;
  const used = new Set(rows.map((row) => row.dayOfWeek));
  const dayOfWeek = [1, 2, 3, 4, 5, 6, 7].map((step) => (last.dayOfWeek + step) % 7).find((day) => !used.has(day)) ?? last.dayOfWeek;
  return { dayOfWeek, startTime: last.startTime, endTime: last.endTime };
}

const strings = (values: unknown): string[] => (Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : []);

interface BulkCreateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** Issue 33: the new sessions were created (the list then shows them). */
  onCreated?: (created: BulkSessionResponse, classCode: string | undefined) => void;
}

/**
 * Spec 2 and 5: 'Bulk Create Sessions'. A live line says how many sessions the form makes (the shared
 * bulk-schedule rule the server also uses) or why it makes none; submitting is possible only for 1 to 1000
 * future sessions. Mount it afresh for each opening (a key), so it starts from the defaults.
 */
export function BulkCreateDialog({ open, onOpenChange, onCloseAutoFocus, onCreated }: BulkCreateDialogProps) {
  const now = useNow();
  const classTypes = useClassTypes();
  const bulkCreate = useBulkCreateSessions();
  // Issue 32: the closed days from today on; the preview says how many sessions of the series they skip.
  const closures = useCurrentClosures().data?.closures;
  const pending = bulkCreate.isPending;
  const form = useForm<BulkFormValues, unknown, BulkSessionBody>({ resolver, defaultValues: DEFAULTS });
  const slotRows = useFieldArray({ control: form.control, name: 'slots' });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });
  const pattern: BulkPattern = values.pattern ?? 'weekly';
  const slots = slotsOf(values.slots);
  const preview = bulkPreview(
    {
      pattern,
      startDate: values.startDate ?? '',
      endDate: values.endDate ?? '',
      startTime: values.startTime ?? '',
      endTime: values.endTime ?? '',
      slots,
      specificDates: strings(values.specificDates),
    },
    now,
    closures,
  );

  /** Issue 33: choosing a class fills in its default capacity and location (still editable). */
  function applyClassDefaults(classTypeId: string) {
    const classType = classTypes.data?.find((c) => c.id === classTypeId);
    if (!classType) return;
    form.setValue('capacity', classType.defaultCapacity, { shouldValidate: form.formState.isSubmitted });
    form.setValue('location', classType.defaultLocation, { shouldValidate: form.formState.isSubmitted });
  }

  const onSubmit = form.handleSubmit((body) => {
    if (preview.kind !== 'ok') return;
    bulkCreate.mutate(body, {
        onSuccess: (created) => {
          const { count, skippedClosedDays } = created;
          toast({
            title: 'Sessions Created',
            description: `${plural(count, 'session was', 'sessions were')} created.${skippedText(skippedClosedDays)} The list shows ${count === 1 ? 'it' : 'them'}.`,
          });
          onCreated?.(created, classTypes.data?.find((c) => c.id === body.classTypeId)?.code);
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Bulk Creation Failed', description: apiErrorMessage(error, 'Failed to create sessions') });
        },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Bulk Create Sessions</DialogTitle>
          <DialogDescription>
            Create a series of sessions of one class: on days of the week, each with its own times, every day, or on
            chosen dates. Times are Toronto time.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <fieldset disabled={pending} className="grid gap-4">
            <FormField label="Class type" error={errors.classTypeId?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('classTypeId', { onChange: (event) => applyClassDefaults(event.target.value) })}>
                  <ClassTypeOptions classTypes={classTypes.data} loading={classTypes.isPending} failed={classTypes.isError} />
                </NativeSelect>
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Start date" error={errors.startDate?.message}>
                {(control) => <Input type="date" className="min-w-0" {...control} {...form.register('startDate')} />}
              </FormField>
              <FormField label="End date" error={errors.endDate?.message}>
                {(control) => <Input type="date" className="min-w-0" {...control} {...form.register('endDate')} />}
              </FormField>
            </div>
            <div className="grid grid-cols-[6rem_1fr] gap-4 sm:grid-cols-[8rem_1fr]">
              <FormField label="Capacity" error={errors.capacity?.message}>
                {(control) => (
                  <Input type="number" inputMode="numeric" min={MIN_CAPACITY} max={MAX_CAPACITY} step={1} {...control} {...form.register('capacity', { valueAsNumber: true })} />
                )}
              </FormField>
              <FormField label="Location" error={errors.location?.message}>
                {(control) => <Input autoComplete="off" {...control} {...form.register('location')} />}
              </FormField>
            </div>

            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium text-slate-800">Pattern</legend>
              <div className="flex flex-wrap gap-2">
                {BULK_PATTERNS.map((value) => (
                  <label
                    key={value}
                    className="flex flex-1 cursor-pointer items-center gap-2 whitespace-nowrap rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40"
                  >
                    <input type="radio" value={value} className="size-4 accent-brand-600" {...form.register('pattern')} />
                    {PATTERN_LABELS[value]}
                  </label>
                ))}
              </div>
              <FormMessage>{errors.pattern?.message}</FormMessage>
            </fieldset>

            {pattern === 'weekly' ? (
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium text-slate-800">Days and times</legend>
                <ol className="grid gap-3" aria-label="Days and times">
                  {slotRows.fields.map((row, index) => (
                    <li key={row.id} aria-label={`Day ${index + 1}`} className="grid grid-cols-[1fr_1fr_auto] items-end gap-x-3 gap-y-2 sm:grid-cols-[9rem_1fr_1fr_auto]">
                      <FormField label="Day of the week" className="col-span-2 sm:col-span-1" error={errors.slots?.[index]?.dayOfWeek?.message}>
                        {(control) => (
                          <NativeSelect {...control} {...form.register(`slots.${index}.dayOfWeek`, { valueAsNumber: true })}>
                            {WEEKDAYS.map(([, long], day) => (
                              <option key={day} value={day}>
                                {long}
                              </option>
                            ))}
                          </NativeSelect>
                        )}
                      </FormField>
                      <FormField label="Start time" className="col-start-1 row-start-2 sm:col-start-auto sm:row-start-auto" error={errors.slots?.[index]?.startTime?.message}>
                        {(control) => <Input type="time" className="min-w-0" {...control} {...form.register(`slots.${index}.startTime`)} />}
                      </FormField>
                      <FormField label="End time" className="col-start-2 row-start-2 sm:col-start-auto sm:row-start-auto" error={errors.slots?.[index]?.endTime?.message}>
                        {(control) => <Input type="time" className="min-w-0" {...control} {...form.register(`slots.${index}.endTime`)} />}
                      </FormField>
                      <Tooltip content={`Remove day ${index + 1}`}>
                        <Button
                          variant="outline"
                          size="icon"
                          className="col-start-3 row-start-1 sm:col-start-auto sm:row-start-auto"
                          aria-label={`Remove day ${index + 1}`}
                          disabled={slotRows.fields.length === 1}
                          onClick={() => slotRows.remove(index)}
                        >
                          <X aria-hidden="true" />
                        </Button>
                      </Tooltip>
                    </li>
                  ))}
                </ol>
                <div>
                  <Button variant="outline" disabled={slotRows.fields.length >= MAX_BULK_SLOTS} onClick={() => slotRows.append(nextSlot(slots))}>
                    <Plus aria-hidden="true" />
                    Add a day
                  </Button>
                </div>
                <FormMessage>{errors.slots?.message ?? errors.slots?.root?.message}</FormMessage>
              </fieldset>
            ) : (
              <div className="grid grid-cols-2 gap-4">
                <FormField label="Start time" error={errors.startTime?.message}>
                  {(control) => <Input type="time" className="min-w-0" {...control} {...form.register('startTime')} />}
                </FormField>
                <FormField label="End time" error={errors.endTime?.message}>
                  {(control) => <Input type="time" className="min-w-0" {...control} {...form.register('endTime')} />}
                </FormField>
              </div>
            )}

            {pattern === 'specific-days' && (
              <Controller
                control={form.control}
                name="specificDates"
                render={({ field, fieldState }) => (
                  <SpecificDatesPicker
                    dates={strings(field.value)}
                    onChange={field.onChange}
                    min={values.startDate || undefined}
                    max={values.endDate || undefined}
                    error={fieldState.error?.message ?? errors.specificDates?.root?.message}
                  />
                )}
              />
            )}
          </fieldset>

          <PreviewLine preview={preview} />

          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            pending={pending}
            submitDisabled={preview.kind !== 'ok'}
            submitLabel="Create Sessions"
            pendingLabel="Creating..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The live count (or the reason there is nothing to create), announced politely as it changes. */
function PreviewLine({ preview }: { preview: BulkPreview }) {
  const ok = preview.kind === 'ok';
  const refused = preview.kind === 'none' || preview.kind === 'too-many' || preview.kind === 'past' || preview.kind === 'clock-change';
  const Icon = ok ? CalendarCheck : CircleAlert;
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex items-start gap-2 rounded-lg border p-3 text-sm',
        ok && 'border-brand-200 bg-brand-50 text-brand-900',
        refused && 'border-amber-200 bg-amber-50 text-amber-950',
        preview.kind === 'incomplete' && 'border-slate-200 bg-slate-50 text-slate-700',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{previewText(preview)}</p>
    </div>
  );
}

function previewText(preview: BulkPreview): string {
  const at = (instant: Date) => `${formatShortDate(instant)} at ${formatTime(instant)}`;
  switch (preview.kind) {
    case 'incomplete':
      return preview.reason;
    case 'none':
      return 'This will create no sessions: none of the chosen days fall between the start and end dates.';
    case 'too-many':
      return `This would create ${preview.count} sessions, more than the ${MAX_BULK_SESSIONS} allowed at once. Choose a shorter date range.`;
    case 'past':
      return `The first of these ${preview.count} sessions would start in the past (${at(preview.first)}). Choose a later start date or time.`;
    case 'clock-change':
      return `${preview.message}.`;
    case 'all-closed':
      return `Every one of these ${preview.count} sessions falls on a closed day. Reopen the days first, or choose other dates.`;
    case 'ok':
      return (
        (preview.count === 1
          ? `This will create 1 session, on ${at(preview.first)}.`
          : `This will create ${preview.count - preview.skipped === 1 ? '1 session' : `${preview.count - preview.skipped} sessions`}, from ${at(preview.first)} to ${at(preview.last)}.`) +
        (preview.skipped ? ` ${plural(preview.skipped, 'session on a closed day is', 'sessions on closed days are')} skipped.` : '')
      );
  }
}

/** Issue 32: ' 2 sessions on closed days were skipped.' after the count created (nothing when none was). */
export const skippedText = (skipped: number) =>
  skipped ? ` ${plural(skipped, 'session on a closed day was', 'sessions on closed days were')} skipped.` : '';

interface SpecificDatesPickerProps {
  dates: string[];
  onChange: (dates: string[]) => void;
  min: string | undefined;
  max: string | undefined;
  error: string | undefined;
}

/** The specific-days pattern: a date input with an Add button, and the chosen dates with remove buttons. */
function SpecificDatesPicker({ dates, onChange, min, max, error }: SpecificDatesPickerProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const outside = (date: string) => (min !== undefined && date < min) || (max !== undefined && date > max);

  function add() {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft)) return;
    onChange([...new Set([...dates, draft])].sort());
    setDraft('');
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">Dates</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-2">
          <label htmlFor={`${id}-date`} className="text-xs text-slate-600">
            Date to add (between the start and end dates)
          </label>
          <Input
            id={`${id}-date`}
            type="date"
            className="w-44"
            min={min}
            max={max}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </div>
        <Button variant="outline" onClick={add} disabled={!draft}>
          <CalendarPlus aria-hidden="true" />
          Add date
        </Button>
      </div>
      {dates.length === 0 ? (
        <p className="text-sm text-slate-600">No dates added yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen dates">
          {dates.map((date) => {
            const label = formatTableDate(torontoMidnightOf(date));
            return (
              <li
                key={date}
                className={cn(
                  'inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white py-1 pl-3 pr-1 text-sm text-slate-800',
                  outside(date) && 'border-amber-300 bg-amber-50 text-amber-950',
                )}
              >
                {label}
                {outside(date) && <span className="text-xs">(outside the dates)</span>}
                <Tooltip content={`Remove ${label}`}>
                  <button
                    type="button"
                    className="inline-flex size-6 cursor-pointer items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                    aria-label={`Remove ${label}`}
                    onClick={() => onChange(dates.filter((d) => d !== date))}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </Tooltip>
              </li>
            );
          })}
        </ul>
      )}
      <FormMessage id={`${id}-error`}>{error}</FormMessage>
    </fieldset>
  );
}
