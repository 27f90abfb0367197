import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Download, FileJson, Save } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { listSourcePaths } from '../../../../shared/rules/field-mapping';
import { INVALID_SAMPLE_JSON, templateBody, type TemplateBody, type TemplateDto } from '../../../../shared/schemas/field-mapping-templates';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { usePreviewTemplate } from '../api/preview-template';
import { fetchLatestPayload, fetchSourceSample } from '../api/sample-payloads';
import { TemplateSaveError, useSaveTemplate } from '../api/save-template';
import { PreviewPanel } from './preview-panel';
import { RulesEditor } from './rules-editor';
import { latestPayloadNote, previewNotReady, savedToast, sourceSampleNote } from './template-editor-rules';
import {
  EMPTY_TEMPLATE,
  fieldErrorsFromServer,
  formValuesFromTemplate,
  prettyJson,
  previewRequest,
  readSample,
  withRuleOrder,
  type TemplateFormValues,
} from './template-form';

/** How long the editor waits after the last change before it asks for a new preview. */
export const PREVIEW_DELAY_MS = 400;
const PREVIEW_ERROR = 'Invalid JSON or mapping configuration';
const LATEST_PAYLOAD_ERROR = 'Failed to fetch latest webhook payload. No recent webhook data found.';

// The form holds what the user types ('' for a target not chosen yet); the shared schema checks it and gives
// the body the server receives.
const resolver = zodResolver(templateBody) as unknown as Resolver<TemplateFormValues, unknown, TemplateBody>;

const textareaClass =
  'block min-h-64 w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs leading-relaxed text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30 aria-invalid:border-red-600 aria-invalid:focus-visible:ring-red-600/30';

/** A required field's label: the asterisk is for the eye (the input itself is marked required). */
function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="ml-0.5 text-red-700">
        *
      </span>
    </>
  );
}

interface TemplateEditorProps {
  /** The template edited, or null for a new one. Mount afresh (a key) for each opening. */
  template: TemplateDto | null;
  /** Back to the list (after a save, or when the user leaves). */
  onDone: () => void;
}

/**
 * Spec 2, 3 and 5, the template editor: name, source, description, active; a sample payload (typed, the latest
 * webhook delivery or the source's sample) whose fields feed the rules' path suggestions; the rules; and a live
 * preview of what the rules make of the sample. Name and Source are required and the sample must be JSON.
 */
export function TemplateEditor({ template, onDone }: TemplateEditorProps) {
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<TemplateFormValues, unknown, TemplateBody>({
    resolver,
    defaultValues: template ? formValuesFromTemplate(template) : EMPTY_TEMPLATE,
  });
  const { register, control, formState, setValue, setError, handleSubmit } = form;
  const { errors, isDirty } = formState;
  const saveTemplate = useSaveTemplate();
  const preview = usePreviewTemplate();
  const { mutate: runPreview } = preview;
  const [confirmLeave, setConfirmLeave] = useState(false);

  // Closing or reloading the page with unsaved changes asks first (the browser's own prompt).
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  const [loading, setLoading] = useState<'latest' | 'source' | null>(null);
  const [sampleNote, setSampleNote] = useState<string | null>(null);

  const sampleText = useWatch({ control, name: 'samplePayload' }) ?? '';
  const rules = useWatch({ control, name: 'rules' });
  const source = useWatch({ control, name: 'source' }) ?? '';
  const sample = useMemo(() => readSample(sampleText), [sampleText]);
  const sampleValue = sample.kind === 'valid' ? sample.value : undefined;
  const paths = useMemo(() => (sample.kind === 'valid' ? listSourcePaths(sample.value) : []), [sample]);
  const request = useMemo(() => previewRequest(sampleText, rules ?? []), [sampleText, rules]);
  const requestKey = JSON.stringify(request);
  const sampleError = sample.kind === 'invalid' ? INVALID_SAMPLE_JSON : errors.samplePayload?.message;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // The live preview: once typing pauses, when the sample parses and at least one rule is complete.
  useEffect(() => {
    if (sample.kind !== 'valid') return;
    const body = JSON.parse(requestKey) as typeof request;
    if (body.rules.length === 0) return;
    const timer = setTimeout(() => runPreview(body), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [requestKey, sample.kind, runPreview]);

  const notReady = previewNotReady(sample.kind, request.rules.length, Boolean(preview.data));
  const previewIsCurrent = preview.variables !== undefined && JSON.stringify(preview.variables) === requestKey;

  function forcePreview() {
    if (sample.kind !== 'valid') {
      toast({ variant: 'destructive', title: 'Preview Error', description: PREVIEW_ERROR });
      return;
    }
    runPreview(request, {
      onError: (error) => toast({ variant: 'destructive', title: 'Preview Error', description: apiErrorMessage(error, PREVIEW_ERROR) }),
    });
  }

  function applySample(payload: unknown, note: string) {
    setValue('samplePayload', prettyJson(payload), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setSampleNote(note);
  }

  async function loadLatest() {
    setLoading('latest');
    try {
      const latest = await fetchLatestPayload();
      applySample(latest.payload, latestPayloadNote(latest));
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: LATEST_PAYLOAD_ERROR });
    } finally {
      setLoading(null);
    }
  }

  async function loadSourceSample() {
    setLoading('source');
    try {
      const found = await fetchSourceSample(source);
      applySample(found.payload, sourceSampleNote(found, source));
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: apiErrorMessage(error, 'Failed to fetch the sample payload.') });
    } finally {
      setLoading(null);
    }
  }

  const onSubmit = handleSubmit((values) => {
    saveTemplate.mutate(
      { templateId: template?.id ?? null, body: withRuleOrder(values) },
      {
        onSuccess: (saved) => {
          toast(savedToast(template !== null, saved));
          onDone();
        },
        onError: (error) => {
          if (error instanceof TemplateSaveError) {
            const fieldErrors = fieldErrorsFromServer(error.fieldErrors);
            fieldErrors.forEach(({ field, message }, index) =>
              setError(field as FieldPath<TemplateFormValues>, { type: 'server', message }, { shouldFocus: index === 0 }),
            );
          }
          toast({ variant: 'destructive', title: 'Save Failed', description: apiErrorMessage(error, 'Failed to save template') });
        },
      },
    );
  });

  function leave() {
    if (isDirty) setConfirmLeave(true);
    else onDone();
  }

  const pending = saveTemplate.isPending;
  const title = template ? `Edit Template: ${template.name} (v${template.version})` : 'New Template';

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid grid-cols-1 gap-5">
      <div className="grid gap-2">
        <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={leave}>
          <ArrowLeft aria-hidden="true" />
          Back to templates
        </Button>
        <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 [overflow-wrap:anywhere] focus:outline-none">
          {title}
        </h2>
        <p className="text-sm text-slate-600">Fields marked * are required. The preview maps the sample with the rules below; nothing is saved until you press Save.</p>
      </div>

      <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6">
        <fieldset disabled={pending} className="grid min-w-0 grid-cols-1 gap-6">
          <legend className="sr-only">Template</legend>
          <div className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
            <FormField label={<RequiredLabel>Name</RequiredLabel>} error={errors.name?.message}>
              {(field) => <Input autoComplete="off" required {...field} {...register('name')} />}
            </FormField>
            <FormField label={<RequiredLabel>Source</RequiredLabel>} hint="The CRM's name or the webhook endpoint, e.g. crm-plans." error={errors.source?.message}>
              {(field) => <Input autoComplete="off" spellCheck={false} required {...field} {...register('source')} />}
            </FormField>
            <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
              {(field) => <Input autoComplete="off" {...field} {...register('description')} />}
            </FormField>
            <label className="flex w-fit cursor-pointer items-center gap-2 text-sm font-medium text-slate-800 sm:col-span-2">
              <Checkbox {...register('isActive')} />
              Active
              <span className="font-normal text-slate-600">(a linked webhook uses the rules only while the template is active)</span>
            </label>
          </div>

          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <div className="grid content-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <FormField
                label="Sample JSON"
                hint="A payload as the CRM sends it. Its fields become the source path suggestions."
                error={sampleError}
              >
                {(field) => (
                  <textarea
                    {...field}
                    rows={14}
                    wrap="off"
                    spellCheck={false}
                    autoCapitalize="off"
                    autoComplete="off"
                    placeholder='{"contact": {"email": "jordan@example.com"}}'
                    className={cn(textareaClass)}
                    {...register('samplePayload')}
                  />
                )}
              </FormField>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => void loadLatest()} disabled={loading !== null}>
                  <Download aria-hidden="true" />
                  {loading === 'latest' ? 'Loading...' : 'Load latest payload'}
                </Button>
                <Button variant="outline" size="sm" onClick={() => void loadSourceSample()} disabled={loading !== null}>
                  <FileJson aria-hidden="true" />
                  {loading === 'source' ? 'Loading...' : 'Load sample for source'}
                </Button>
              </div>
              <p className="text-xs text-slate-600" aria-live="polite">
                {sampleNote}
              </p>
            </div>

            <PreviewPanel
              headingId={`${ids}-preview`}
              notReady={notReady}
              result={notReady ? undefined : preview.data}
              error={notReady ? null : preview.error}
              running={preview.isPending}
              stale={!notReady && !!preview.data && !previewIsCurrent}
              onPreview={forcePreview}
            />
          </div>

          <RulesEditor form={form} headingId={`${ids}-rules`} sample={sampleValue} hasSample={sample.kind === 'valid'} paths={paths} />
        </fieldset>

        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="outline" onClick={leave} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            <Save aria-hidden="true" />
            {pending ? 'Saving...' : template ? 'Update Template' : 'Save Template'}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title="Discard unsaved changes?"
        description={<p>You have changes to this template that are not saved. Leave the editor and lose them?</p>}
        confirmLabel="Discard changes"
        pendingLabel="Leaving..."
        cancelLabel="Keep editing"
        pending={false}
        destructive
        onConfirm={() => {
          setConfirmLeave(false);
          onDone();
        }}
      />
    </section>
  );
}
