import { Download, FileJson } from 'lucide-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import type { TemplateFormValues } from './template-form';

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

/** Name and Source (required), Description and Active. */
export function TemplateDetailsFields({ register, errors }: { register: UseFormRegister<TemplateFormValues>; errors: FieldErrors<TemplateFormValues> }) {
  return (
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
  );
}

/** The sample payload: typed, or loaded from the latest webhook delivery or the source's sample, with a note of where from. */
export function SampleCard({
  register,
  error,
  note,
  loading,
  onLoadLatest,
  onLoadSourceSample,
}: {
  register: UseFormRegister<TemplateFormValues>;
  error: string | undefined;
  note: string | null;
  loading: 'latest' | 'source' | null;
  onLoadLatest: () => void;
  onLoadSourceSample: () => void;
}) {
  return (
    <div className="grid content-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <FormField label="Sample JSON" hint="A payload as the CRM sends it. Its fields become the source path suggestions." error={error}>
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
        <Button variant="outline" size="sm" onClick={onLoadLatest} disabled={loading !== null}>
          <Download aria-hidden="true" />
          {loading === 'latest' ? 'Loading...' : 'Load latest payload'}
        </Button>
        <Button variant="outline" size="sm" onClick={onLoadSourceSample} disabled={loading !== null}>
          <FileJson aria-hidden="true" />
          {loading === 'source' ? 'Loading...' : 'Load sample for source'}
        </Button>
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        {note}
      </p>
    </div>
  );
}
