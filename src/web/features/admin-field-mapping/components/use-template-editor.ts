import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { listSourcePaths } from '../../../../shared/rules/field-mapping';
import { INVALID_SAMPLE_JSON, templateBody, type TemplateBody, type TemplateDto } from '../../../../shared/schemas/field-mapping-templates';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { usePreviewTemplate } from '../api/preview-template';
import { fetchLatestPayload, fetchSourceSample } from '../api/sample-payloads';
import { TemplateSaveError, useSaveTemplate } from '../api/save-template';
import { isPreviewCurrent, latestPayloadNote, previewNotReady, savedToast, sourceSampleNote } from './template-editor-rules';
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

/**
 * The template editor's state: the form, the sample (typed or loaded) and the paths it offers, the live preview,
 * the save, and leaving with unsaved changes (a confirm, and the browser's prompt on close or reload).
 */
export function useTemplateEditor(template: TemplateDto | null, onDone: () => void) {
  const form = useForm<TemplateFormValues, unknown, TemplateBody>({
    resolver,
    defaultValues: template ? formValuesFromTemplate(template) : EMPTY_TEMPLATE,
  });
  const { control, formState, setValue, setError, handleSubmit } = form;
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
  const paths = useMemo(() => (sample.kind === 'valid' ? listSourcePaths(sample.value) : []), [sample]);
  const request = useMemo(() => previewRequest(sampleText, rules ?? []), [sampleText, rules]);
  const requestKey = JSON.stringify(request);

  // The live preview: once typing pauses, when the sample parses and at least one rule is complete.
  useEffect(() => {
    if (sample.kind !== 'valid') return;
    const body = JSON.parse(requestKey) as typeof request;
    if (body.rules.length === 0) return;
    const timer = setTimeout(() => runPreview(body), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [requestKey, sample.kind, runPreview]);

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

  const notReady = previewNotReady(sample.kind, request.rules.length, Boolean(preview.data));
  return {
    form,
    errors,
    sample,
    sampleValue: sample.kind === 'valid' ? sample.value : undefined,
    sampleError: sample.kind === 'invalid' ? INVALID_SAMPLE_JSON : errors.samplePayload?.message,
    sampleNote,
    paths,
    loading,
    loadLatest,
    loadSourceSample,
    preview: {
      notReady,
      result: notReady ? undefined : preview.data,
      error: notReady ? null : preview.error,
      running: preview.isPending,
      stale: !notReady && !!preview.data && !isPreviewCurrent(preview.variables, requestKey),
      onPreview: forcePreview,
    },
    onSubmit,
    pending: saveTemplate.isPending,
    leave,
    confirmLeave,
    setConfirmLeave,
  };
}
