import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { WEBHOOK_RECEIVER_PREFIX, type SavedWebhookResponse, type WebhookDto } from '../../../../shared/schemas/webhooks';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../hooks/use-toast';
import { ApiError, apiErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { useMappingTemplates } from '../api/get-webhooks';
import { useCreateWebhook, useUpdateWebhook } from '../api/save-webhook';

import {
  formFieldErrors,
  generateSecretKey,
  initialWebhookValues,
  toCreateBody,
  toUpdateBody,
  webhookFormSchemaFor,
  type WebhookFormInput,
  type WebhookFormValues,
} from './webhook-form';

interface WebhookFormDialogProps {
  /** The configuration being edited; null creates one. */
  webhook: WebhookDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a save; `saved.secretKey` is there when this save set a secret (shown once by the caller). */
  onSaved: (saved: SavedWebhookResponse) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

const textareaClass =
  'flex min-h-40 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600';

/**
 * Spec 2 and 5: 'Add Webhook Configuration' / 'Edit Webhook Configuration'. Name, endpoint, field mappings and
 * (issue 17) the secret key are required; blank on the edit of a configuration that has one keeps it. Mount
 * afresh per opening (a key).
 */
export function WebhookFormDialog({ webhook, open, onOpenChange, onSaved, onCloseAutoFocus }: WebhookFormDialogProps) {
  const editing = webhook !== null;
  const createWebhook = useCreateWebhook();
  const updateWebhook = useUpdateWebhook();
  const templates = useMappingTemplates(open);
  const pending = createWebhook.isPending || updateWebhook.isPending;
  const form = useForm<WebhookFormInput, unknown, WebhookFormValues>({
    resolver: zodResolver(webhookFormSchemaFor(webhook)),
    defaultValues: initialWebhookValues(webhook),
  });
  const { errors } = form.formState;

  function onError(title: string, fallback: string) {
    return (error: Error) => {
      if (error instanceof ApiError) {
        for (const { field, message } of formFieldErrors(error.fieldErrors)) form.setError(field, { type: 'server', message }, { shouldFocus: true });
      }
      toast({ variant: 'destructive', title, description: apiErrorMessage(error, fallback) });
    };
  }

  const onSubmit = form.handleSubmit((values) => {
    const onSuccess = (saved: SavedWebhookResponse) => {
      toast({ title: editing ? 'Webhook Updated' : 'Webhook Created', description: `${saved.name} ${editing ? 'has been updated' : 'is ready to receive deliveries'}.` });
      onSaved(saved);
    };
    if (webhook) {
      updateWebhook.mutate({ id: webhook.id, body: toUpdateBody(values) }, { onSuccess, onError: onError('Update Failed', 'Failed to update webhook') });
    } else {
      createWebhook.mutate(toCreateBody(values), { onSuccess, onError: onError('Creation Failed', 'Failed to create webhook') });
    }
  });

  const templateList = templates.data?.templates ?? [];
  const currentTemplateMissing = Boolean(webhook?.templateId) && templates.isSuccess && !templateList.some((template) => template.id === webhook?.templateId);

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Webhook Configuration' : 'Add Webhook Configuration'}</DialogTitle>
          <DialogDescription>
            Your CRM posts to the receiver address below when a family buys a plan; the field mappings turn its data into a parent account.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-6">
          <fieldset disabled={pending} className="grid min-w-0 gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField label="Name" error={errors.name?.message}>
                {(control) => <Input {...control} autoComplete="off" placeholder="CRM plan purchases" {...form.register('name')} />}
              </FormField>
              <FormField label="Endpoint" hint="Lowercase letters, digits and dashes, like crm-plans." error={errors.endpoint?.message}>
                {(control) => (
                  <div className="flex min-w-0 items-stretch">
                    <span
                      aria-hidden="true"
                      className="inline-flex shrink-0 items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-2 font-mono text-xs text-slate-600"
                    >
                      {WEBHOOK_RECEIVER_PREFIX}
                    </span>
                    <Input
                      {...control}
                      autoComplete="off"
                      autoCapitalize="none"
                      spellCheck={false}
                      placeholder="crm-plans"
                      className="min-w-0 rounded-l-none font-mono"
                      {...form.register('endpoint')}
                    />
                  </div>
                )}
              </FormField>
            </div>
            <FormField
              label={
                <>
                  Description <span className="font-normal text-slate-500">(optional)</span>
                </>
              }
              error={errors.description?.message}
            >
              {(control) => <Input {...control} autoComplete="off" {...form.register('description')} />}
            </FormField>
            <FormField
              label="Field mappings"
              hint={
                <>
                  A JSON object of portal field to the path of the value in the CRM’s data, like{' '}
                  <code className="font-mono">{'{"email": "contact.email"}'}</code>.
                </>
              }
              error={errors.fieldMappings?.message}
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={8}
                  spellCheck={false}
                  autoCapitalize="none"
                  autoComplete="off"
                  className={cn(textareaClass, 'font-mono text-xs leading-relaxed')}
                  {...form.register('fieldMappings')}
                />
              )}
            </FormField>
            <FormField
              label={
                <>
                  Mapping template <span className="font-normal text-slate-500">(optional)</span>
                </>
              }
              hint="While the chosen template is Active, its rules are used instead of the field mappings above."
              error={errors.templateId?.message ?? (templates.isError ? 'The templates could not be loaded; you can still save without one.' : undefined)}
            >
              {(control) => (
                <NativeSelect {...control} {...form.register('templateId')}>
                  <option value="">None — use the field mappings</option>
                  {currentTemplateMissing && webhook?.templateId && <option value={webhook.templateId}>{webhook.templateName ?? 'Current template'}</option>}
                  {templateList.map((template) => (
                    <option key={template.id} value={template.id}>
                      {template.name}
                      {template.isActive ? '' : ' (inactive)'}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField
              label="Secret key"
              hint={
                editing && webhook.hasSecret
                  ? 'Leave blank to keep the current secret. A new key replaces it.'
                  : editing
                    ? 'This configuration has no secret, so it receives nothing. Add a key (at least 16 characters) or generate one.'
                    : 'Every delivery must be signed with this key. At least 16 characters: type one or generate one.'
              }
              error={errors.secretKey?.message}
            >
              {(control) => (
                <div className="flex min-w-0 gap-2">
                  <div className="min-w-0 flex-1">
                    <PasswordInput
                      {...control}
                      autoComplete="new-password"
                      spellCheck={false}
                      className="font-mono"
                      {...form.register('secretKey')}
                    />
                  </div>
                  <Button
                    variant="outline"
                    disabled={pending}
                    onClick={() => form.setValue('secretKey', generateSecretKey(), { shouldDirty: true, shouldValidate: true })}
                  >
                    <KeyRound aria-hidden="true" />
                    Generate
                  </Button>
                </div>
              )}
            </FormField>
            <label className="flex items-start gap-3 text-sm text-slate-800">
              <Checkbox className="mt-0.5" {...form.register('isActive')} />
              <span>
                Active
                <span className="block text-xs text-slate-600">An inactive configuration answers its deliveries with 404.</span>
              </span>
            </label>
          </fieldset>
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            pending={pending}
            submitLabel={editing ? 'Save Changes' : 'Create Webhook'}
            pendingLabel={editing ? 'Saving...' : 'Creating...'}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
