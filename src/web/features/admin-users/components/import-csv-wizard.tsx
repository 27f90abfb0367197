import { Check, CircleCheck, Download, FileSpreadsheet, FileUp, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode, type RefObject } from 'react';
import {
  CSV_ERRORS_LISTED,
  CSV_MAX_PASSWORD_ROWS,
  CSV_MAX_ROWS,
  CSV_PREVIEW_ROWS,
  csvTooManyPasswords,
  IMPORT_FIELDS,
  MAPPING_REQUIRED,
  SET_PASSWORD_LINK_HOURS,
  type CsvImportResult,
  type ImportField,
} from '../../../../shared/schemas/admin-users';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TruncatedText } from '../../../components/ui/tooltip';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage, errorStatusOf } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { useImportUsersCsv } from '../api/import-users-csv';
import { guessColumnMapping, missingRequiredFields, type ImportMapping } from './guess-column-mapping';
import { checkCsvFile, CSV_MAX_MEGABYTES, readCsvText, type CsvPreview, type CsvPreviewRow, type CsvProblem } from './read-csv';
import { plural } from '../../../../shared/rules/format';
import { DATE_ORDER_LABELS, DATE_ORDERS, readImportCell, type CellReading, type DateOrder } from '../../../../shared/rules/import-cells';
import { childSlotFieldAt, parseChildSlotField } from '../../../../shared/schemas/children';

/** Spec 4: the wizard's steps, in order. */
export type ImportStep = 'upload' | 'mapping' | 'importing' | 'complete';

const STEPS: ReadonlyArray<{ step: ImportStep; label: string }> = [
  { step: 'upload', label: 'Upload' },
  { step: 'mapping', label: 'Map columns' },
  { step: 'importing', label: 'Import' },
  { step: 'complete', label: 'Results' },
];

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma-separated', ';': 'semicolon-separated' };


interface LoadedFile {
  file: File;
  preview: CsvPreview;
}

interface ImportCsvWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec 2, 4 and 5: 'Import CSV'. Upload (checked and read in the browser: .csv, not empty, at most 10 MB and
 * 5,000 rows, of which at most 500 with a password),
 * map the file's columns onto account fields (guessed from the headers, previewing the first 5 rows), import
 * (the dialog cannot be closed meanwhile), and the results (counts and the first 10 errors). Every opening
 * starts again at the upload step; Back and 'Import another file' start over too.
 */
export function ImportCsvWizard({ open, onOpenChange, onCloseAutoFocus }: ImportCsvWizardProps) {
  const [step, setStep] = useState<ImportStep>('upload');
  const [loaded, setLoaded] = useState<LoadedFile | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [showMissing, setShowMissing] = useState(false);
  const [dateOrder, setDateOrder] = useState<DateOrder>('MDY');
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const [reading, setReading] = useState(false);
  const importCsv = useImportUsersCsv();
  const importing = step === 'importing';
  /** Bumped by every start-over, so a file still being read when the admin went back is dropped. */
  const attempt = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef<ImportStep>(step);

  function startOver() {
    attempt.current += 1;
    setStep('upload');
    setLoaded(null);
    setMapping({});
    setShowMissing(false);
    setDateOrder('MDY');
    setResult(null);
    setReading(false);
  }

  // Each opening starts from an empty upload step (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStep('upload');
      setLoaded(null);
      setMapping({});
      setShowMissing(false);
      setDateOrder('MDY');
      setResult(null);
      setReading(false);
    }
  }

  // A new step replaces the dialog's content: move focus to its heading so it is read and Tab starts there.
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  /** Closing is refused while the import runs; a file still being read is dropped. */
  function close() {
    if (importing) return;
    attempt.current += 1;
    onOpenChange(false);
  }

  const fail = (problem: CsvProblem) => toast({ variant: 'destructive', title: problem.title, description: problem.description });

  async function chooseFile(file: File) {
    const problem = checkCsvFile(file);
    if (problem) return fail(problem);
    const mine = ++attempt.current;
    setReading(true);
    let text: string;
    try {
      text = await file.text();
    } catch {
      if (mine === attempt.current) setReading(false);
      return fail({ title: 'File error', description: 'The file could not be read. Please choose it again.' });
    }
    if (mine !== attempt.current) return;
    setReading(false);
    const read = readCsvText(text);
    if ('problem' in read) return fail(read.problem);
    setLoaded({ file, preview: read.preview });
    setMapping(guessColumnMapping(read.preview.headers));
    setShowMissing(false);
    setStep('mapping');
  }

  function startImport() {
    if (!loaded) return;
    if (missingRequiredFields(mapping).length > 0) {
      setShowMissing(true);
      toast({ variant: 'destructive', title: 'Required fields missing', description: MAPPING_REQUIRED });
      return;
    }
    // Each password costs the server an argon2id hash: at most CSV_MAX_PASSWORD_ROWS a file (the server checks too).
    const passwordColumn = mapping.password ? loaded.preview.headers.indexOf(mapping.password) : -1;
    if (passwordColumn >= 0 && (loaded.preview.filledCells[passwordColumn] ?? 0) > CSV_MAX_PASSWORD_ROWS) {
      toast({ variant: 'destructive', title: 'Too many passwords', description: csvTooManyPasswords() });
      return;
    }
    setStep('importing');
    importCsv.mutate(
      { file: loaded.file, mapping, dateOrder },
      {
        onSuccess: (imported) => {
          setResult(imported);
          setStep('complete');
          const { created, updated, errors } = imported.summary;
          const rowsWithErrors = errors > 0 ? ` ${plural(errors, 'row was', 'rows were')} not imported.` : '';
          toast({ title: 'Import completed', description: `${plural(created, 'user', 'users')} created, ${updated.toLocaleString('en-CA')} updated.${rowsWithErrors}` });
        },
        onError: (error) => {
          setStep('mapping');
          // By status: a proxy in front of the server may refuse the size first, with a page of its own.
          const message =
            errorStatusOf(error) === 413
              ? `The CSV file is larger than the ${CSV_MAX_MEGABYTES} MB limit.`
              : apiErrorMessage(error, 'The file could not be imported. Please check your connection and try again.');
          toast({ variant: 'destructive', title: 'Import failed', description: message });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      {/*
        Issue 33: the toasts ('Import completed', 'Import failed') never cover the wizard's buttons. Toasts take a strip
        of about 9rem at the bottom of the screen at every width (ui/toast.tsx). The wizard is centred in the rest of the
        screen and kept 1rem clear of that strip, its body scrolling inside.
      */}
      <DialogContent
        className="max-w-3xl top-[calc(50%-4.5rem)] max-h-[calc(100dvh-11rem)]"
        hideClose={importing}
        onCloseAutoFocus={onCloseAutoFocus}
        aria-busy={importing || reading || undefined}
      >
        <DialogHeader>
          <DialogTitle>Import Users from CSV</DialogTitle>
          <DialogDescription>Create or update parent accounts from a spreadsheet saved as CSV.</DialogDescription>
        </DialogHeader>
        <StepIndicator current={step} />

        {step === 'upload' && <UploadStep headingRef={headingRef} reading={reading} onFile={(file) => void chooseFile(file)} />}
        {step === 'mapping' && loaded && (
          <MappingStep
            headingRef={headingRef}
            loaded={loaded}
            mapping={mapping}
            onMappingChange={setMapping}
            dateOrder={dateOrder}
            onDateOrderChange={setDateOrder}
            showMissing={showMissing}
          />
        )}
        {step === 'importing' && loaded && <ImportingStep headingRef={headingRef} loaded={loaded} />}
        {step === 'complete' && result && <CompleteStep headingRef={headingRef} result={result} fileName={loaded?.file.name} />}

        <DialogFooter>
          {step === 'upload' && (
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
          )}
          {step === 'mapping' && (
            <>
              <Button variant="outline" onClick={startOver}>
                Back
              </Button>
              <Button onClick={startImport}>Import {loaded ? plural(loaded.preview.rowCount, 'row', 'rows') : ''}</Button>
            </>
          )}
          {step === 'importing' && (
            <Button disabled>
              <LoaderCircle className="animate-spin" aria-hidden="true" />
              Importing...
            </Button>
          )}
          {step === 'complete' && (
            <>
              <Button variant="outline" onClick={startOver}>
                Import another file
              </Button>
              <Button onClick={close}>Done</Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Where the wizard is: four numbered steps, the current one named (the others' names from 640 px up). */
function StepIndicator({ current }: { current: ImportStep }) {
  const currentIndex = STEPS.findIndex((s) => s.step === current);
  return (
    <ol className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" aria-label="Import steps">
      {STEPS.map(({ step, label }, index) => {
        const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
        return (
          <li key={step} className="flex items-center gap-1.5" aria-current={state === 'current' ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                state === 'current' && 'bg-brand-600 text-white',
                state === 'done' && 'bg-brand-100 text-brand-800',
                state === 'todo' && 'bg-slate-100 text-slate-500',
              )}
            >
              {state === 'done' ? <Check className="size-3.5" /> : index + 1}
            </span>
            <span className={cn(state === 'current' ? 'font-medium text-slate-900' : 'sr-only text-slate-500 sm:not-sr-only')}>
              {label}
              {state === 'done' && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

interface StepHeadingProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}

function StepHeading({ headingRef, children }: StepHeadingProps) {
  return (
    <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
      {children}
    </h3>
  );
}

function UploadStep({ headingRef, reading, onFile }: { headingRef: StepHeadingProps['headingRef']; reading: boolean; onFile: (file: File) => void }) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !reading) onFile(file);
  }

  return (
    <div className="grid gap-4">
      <StepHeading headingRef={headingRef}>Choose a file</StepHeading>
      <label
        htmlFor={`${id}-file`}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center transition-colors hover:border-brand-600 hover:bg-brand-50/50 has-[:focus-visible]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40',
          dragging && 'border-brand-600 bg-brand-50',
          reading && 'cursor-wait opacity-70',
        )}
      >
        {reading ? (
          <LoaderCircle className="size-8 animate-spin text-brand-600" aria-hidden="true" />
        ) : (
          <FileUp className="size-8 text-brand-700" aria-hidden="true" />
        )}
        <span className="font-medium text-slate-900">{reading ? 'Reading the file...' : 'Choose a CSV file or drop it here'}</span>
        <span id={`${id}-limit`} className="text-sm text-slate-600">
          CSV files (.csv) up to {CSV_MAX_MEGABYTES} MB and {CSV_MAX_ROWS.toLocaleString('en-CA')} rows
        </span>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          aria-describedby={`${id}-limit ${id}-format`}
          className="sr-only"
          disabled={reading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again (after fixing it) is noticed.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      {reading && (
        <p role="status" className="sr-only">
          Reading the file
        </p>
      )}
      <div id={`${id}-format`} className="grid gap-1.5 text-sm text-slate-600">
        <p>
          The first row must name the columns; comma- and semicolon-separated files both work. Email, first name and last name are
          required. Plan tier, weekly sessions, a password and up to four children (name, weekly limit, date of birth and sex) are
          optional.
        </p>
        <p>
          A row whose email already has an account updates that account. New families without a password are emailed a link to
          choose their own (valid for {SET_PASSWORD_LINK_HOURS} hours). At most {CSV_MAX_PASSWORD_ROWS} rows of a file may carry a
          password: each takes the server a moment to secure.
        </p>
      </div>
    </div>
  );
}

interface MappingStepProps {
  headingRef: StepHeadingProps['headingRef'];
  loaded: LoadedFile;
  mapping: ImportMapping;
  onMappingChange: (mapping: ImportMapping) => void;
  dateOrder: DateOrder;
  onDateOrderChange: (order: DateOrder) => void;
  showMissing: boolean;
}

/**
 * A previewed cell as the server will read it (rules/import-cells.ts, with the chosen date order): nothing for a
 * blank cell, and nothing for a child's detail beside a blank name in a mapped name column (the server ignores the slot).
 */
function readPreviewCell(row: CsvPreviewRow, field: ImportField, label: string, columnOf: (field: string) => number, dateOrder: DateOrder): CellReading<string | number> {
  const cell = row.cells[columnOf(field)] ?? '';
  const slot = parseChildSlotField(field);
  if (slot && slot.field !== 'name') {
    const nameColumn = columnOf(childSlotFieldAt(slot.position, 'name'));
    if (nameColumn >= 0 && !row.cells[nameColumn]) return { value: null };
  }
  return cell === '' ? { value: null } : readImportCell(field, label, cell, { dateOrder });
}

function MappingStep({ headingRef, loaded, mapping, onMappingChange, dateOrder, onDateOrderChange, showMissing }: MappingStepProps) {
  const { file, preview } = loaded;
  const id = useId();
  const headerOptions = preview.headers.filter((header) => header !== '');
  const mappedFields = IMPORT_FIELDS.filter((f) => mapping[f.field]);
  const missing = new Set(missingRequiredFields(mapping));
  const datesMapped = mappedFields.some(({ field }) => parseChildSlotField(field)?.field === 'birthDate');
  const columnOf = (field: string) => (mapping[field as ImportField] ? preview.headers.indexOf(mapping[field as ImportField]!) : -1);
  const readCell = (row: CsvPreviewRow, field: ImportField, label: string) => readPreviewCell(row, field, label, columnOf, dateOrder);
  // What the server will refuse in the previewed rows, worded as its row errors are.
  const problems = preview.rows.flatMap((row) =>
    mappedFields.flatMap(({ field, label }) => {
      const read = readCell(row, field, label);
      return 'problem' in read ? [{ line: row.line, message: `Line ${row.line}: ${read.problem}` }] : [];
    }),
  );
  const rowsWithProblems = new Set(problems.map((problem) => problem.line)).size;

  const setField = (field: ImportField, header: string) => {
    const next = { ...mapping };
    if (header) next[field] = header;
    else delete next[field];
    onMappingChange(next);
  };

  // Rows are numbered by the file's lines, as the errors after the import are ('Line 3: …').
  const columns: Array<DataTableColumn<CsvPreviewRow>> = [
    { id: 'line', header: 'Line', cell: (row) => row.line, className: 'text-slate-500 tabular-nums', headerClassName: 'w-12' },
    ...mappedFields.map(({ field, label }): DataTableColumn<CsvPreviewRow> => {
      const column = columnOf(field);
      return {
        id: field,
        header: (
          <span className="grid gap-0.5">
            <span>{label}</span>
            <span className="font-normal normal-case tracking-normal text-slate-500">from “{mapping[field]}”</span>
          </span>
        ),
        cell: (row) => {
          const written = column >= 0 ? (row.cells[column] ?? '') : '';
          const read = readCell(row, field, label);
          if ('problem' in read) {
            return (
              <span className="inline-flex items-center gap-1 font-medium text-red-700">
                <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />
                <TruncatedText className="block max-w-[16rem]">{written}</TruncatedText>
                <span className="sr-only"> (will not import)</span>
              </span>
            );
          }
          if (read.value === null) return <span className="text-slate-500">–</span>;
          // A password stays hidden, even from the office.
          if (field === 'password') return <span aria-label="Password given">••••••</span>;
          return <TruncatedText className="block max-w-[16rem]">{String(read.value)}</TruncatedText>;
        },
        className: 'whitespace-nowrap',
      };
    }),
  ];

  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex min-w-0 items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
        <FileSpreadsheet className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0">
          <p className="flex min-w-0 font-medium text-slate-900">
            <TruncatedText>{file.name}</TruncatedText>
          </p>
          <p className="text-slate-600">
            {plural(preview.rowCount, 'row', 'rows')}, {plural(preview.headers.length, 'column', 'columns')}
            {DELIMITER_NAMES[preview.delimiter] ? `, ${DELIMITER_NAMES[preview.delimiter]}` : ''}
          </p>
        </div>
      </div>

      <fieldset className="grid min-w-0 gap-3">
        <legend className="contents">
          <StepHeading headingRef={headingRef}>Match the columns</StepHeading>
        </legend>
        <p className="-mt-1 text-sm text-slate-600">
          Choose the file&apos;s column for each account field. Fields marked <span className="font-semibold text-red-700">*</span> are
          required.
        </p>
        <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
          {IMPORT_FIELDS.map(({ field, label, required }) => (
            <FormField
              key={field}
              label={
                <>
                  {label}
                  {required && (
                    <span className="text-red-700" aria-hidden="true">
                      {' '}
                      *
                    </span>
                  )}
                </>
              }
              error={showMissing && missing.has(field) ? `Choose the column that holds the ${label.toLowerCase()}` : undefined}
            >
              {(control) => (
                <NativeSelect
                  {...control}
                  aria-required={required || undefined}
                  value={mapping[field] ?? ''}
                  onChange={(event) => setField(field, event.target.value)}
                >
                  <option value="">Do not import</option>
                  {headerOptions.map((header) => (
                    <option key={header} value={header}>
                      {header}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ))}
        </div>
      </fieldset>

      {datesMapped && (
        <fieldset className="grid gap-2" aria-describedby={`${id}-dates-hint`}>
          <legend className="mb-2 text-sm font-medium text-slate-800">Dates are</legend>
          <div className="flex flex-wrap gap-2">
            {DATE_ORDERS.map((order) => (
              <label
                key={order}
                className="flex flex-1 cursor-pointer items-center gap-2 whitespace-nowrap rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40"
              >
                <input
                  type="radio"
                  name={`${id}-date-order`}
                  value={order}
                  checked={dateOrder === order}
                  onChange={() => onDateOrderChange(order)}
                  className="size-4 accent-brand-600"
                />
                {DATE_ORDER_LABELS[order].label} <span className="font-normal text-slate-600">({DATE_ORDER_LABELS[order].example})</span>
              </label>
            ))}
          </div>
          <p id={`${id}-dates-hint`} className="text-sm text-slate-600">
            Dates written as 2015-03-14 are read either way.
          </p>
        </fieldset>
      )}

      <section className="grid min-w-0 gap-2" aria-labelledby="import-preview-heading">
        <h3 id="import-preview-heading" className="text-base font-semibold text-slate-900">
          Preview
        </h3>
        <p className="text-sm text-slate-600">
          {preview.rowCount > CSV_PREVIEW_ROWS
            ? `The first ${CSV_PREVIEW_ROWS} of ${plural(preview.rowCount, 'row', 'rows')}, as they will be imported.`
            : `All ${plural(preview.rowCount, 'row', 'rows')}, as they will be imported.`}
        </p>
        {mappedFields.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
            Choose a column for at least one field to see the preview.
          </p>
        ) : (
          <DataTable
            caption="Preview of the import"
            columns={columns}
            rows={preview.rows}
            getRowId={(row) => String(row.line)}
            empty="No rows"
            minWidthClassName="min-w-max"
          />
        )}
        {problems.length > 0 && (
          <Alert variant="warning">
            <TriangleAlert aria-hidden="true" />
            <div className="min-w-0">
              <AlertTitle>{plural(rowsWithProblems, 'previewed row', 'previewed rows')} will not import as written</AlertTitle>
              <AlertDescription>
                <ul className="mt-2 list-disc space-y-1 pl-5 wrap-anywhere" aria-label="Problems in the preview">
                  {problems.map(({ message }) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              </AlertDescription>
            </div>
          </Alert>
        )}
      </section>
    </div>
  );
}

function ImportingStep({ headingRef, loaded }: { headingRef: StepHeadingProps['headingRef']; loaded: LoadedFile }) {
  return (
    <div role="status" className="grid justify-items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-10 text-center">
      <LoaderCircle className="size-10 animate-spin text-brand-600" aria-hidden="true" />
      <StepHeading headingRef={headingRef}>
        Importing {plural(loaded.preview.rowCount, 'row', 'rows')} from {loaded.file.name}...
      </StepHeading>
      <p className="max-w-sm text-sm text-slate-600">A large file can take a minute. Please keep this window open until the results appear.</p>
      <div className="h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-full w-full animate-pulse rounded-full bg-brand-600/70" />
      </div>
    </div>
  );
}

/** 'families.csv' → 'families-rejected-rows.csv'. */
const rejectedRowsFileName = (fileName: string | undefined) => `${(fileName ?? 'import').replace(/\.csv$/i, '')}-rejected-rows.csv`;

/** Issue 33: the server's CSV of the refused rows, saved as a file beside the one imported. */
function downloadRejectedRows(csv: string, fileName: string | undefined) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = rejectedRowsFileName(fileName);
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function CompleteStep({ headingRef, result, fileName }: { headingRef: StepHeadingProps['headingRef']; result: CsvImportResult; fileName: string | undefined }) {
  const { summary, errors } = result;
  const listed = errors.slice(0, CSV_ERRORS_LISTED);
  const more = Math.max(summary.errors, errors.length) - listed.length;
  const counts = [
    { label: 'Processed', value: summary.processed, tone: 'text-slate-900' },
    { label: 'Created', value: summary.created, tone: 'text-green-800' },
    { label: 'Updated', value: summary.updated, tone: 'text-sky-800' },
    { label: 'Errors', value: summary.errors, tone: summary.errors > 0 ? 'text-red-700' : 'text-slate-900' },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <StepHeading headingRef={headingRef}>Import results{fileName ? ` for ${fileName}` : ''}</StepHeading>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(({ label, value, tone }) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className={cn('text-2xl font-bold tabular-nums', tone)}>{value.toLocaleString('en-CA')}</dd>
          </div>
        ))}
      </dl>

      {summary.errors === 0 && errors.length === 0 ? (
        <Alert variant="info">
          <CircleCheck aria-hidden="true" />
          <div>
            <AlertTitle>Every row was imported</AlertTitle>
            {summary.created > 0 && (
              <AlertDescription>New families without a password were emailed a link to choose their own.</AlertDescription>
            )}
          </div>
        </Alert>
      ) : (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <div className="min-w-0">
            <AlertTitle>{plural(Math.max(summary.errors, errors.length), 'row was', 'rows were')} not imported</AlertTitle>
            <AlertDescription>
              <ul className="mt-2 list-disc space-y-1 pl-5 wrap-anywhere" aria-label="Import errors">
                {listed.map((error, index) => (
                  <li key={index}>{error}</li>
                ))}
              </ul>
              {more > 0 && <p className="mt-2 font-medium">and {plural(more, 'more error', 'more errors')}</p>}
              {result.rejectedRowsCsv ? (
                <>
                  <p className="mt-2">
                    Download these rows with an Error column saying what to change, correct them and import that file; rows already
                    imported are updated, not repeated.
                  </p>
                  <Button variant="outline" size="sm" className="mt-3" onClick={() => downloadRejectedRows(result.rejectedRowsCsv!, fileName)}>
                    <Download aria-hidden="true" />
                    Download rejected rows (CSV)
                  </Button>
                </>
              ) : (
                <p className="mt-2">Correct these rows and import the file again; rows already imported are updated, not repeated.</p>
              )}
            </AlertDescription>
          </div>
        </Alert>
      )}
    </div>
  );
}
