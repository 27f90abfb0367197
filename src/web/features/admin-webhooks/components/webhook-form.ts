import type { z } from 'zod';
import { DEFAULT_FIELD_MAPPINGS_TEXT } from '../../../../shared/rules/field-mapping';
import { formatShortDate, formatTime } from '../../../../shared/rules/format';
import {
  createWebhookBody,
  updateWebhookBody,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type WebhookDto,
} from '../../../../shared/schemas/webhooks';
import type { ServerFieldError } from '../../../lib/api';

/**
 * The create/edit dialog's form: the server's create schema (spec 5 messages, the same field-mapping check).
 * The secret key is required ('Secret key is required'), except on the edit of a configuration that has
 * one: there a blank secret key means "keep the current one". A secret can be replaced, never removed.
 */
const createFormSchema = createWebhookBody;
const keepSecretFormSchema = createWebhookBody.extend({ secretKey: updateWebhookBody.shape.secretKey });
export type WebhookFormInput = z.input<typeof keepSecretFormSchema>;
export type WebhookFormValues = z.output<typeof keepSecretFormSchema>;

/** The form's schema for a new configuration (null) or the one being edited. */
export function webhookFormSchemaFor(webhook: Pick<WebhookDto, 'hasSecret'> | null): z.ZodType<WebhookFormValues, WebhookFormInput> {
  return webhook?.hasSecret ? keepSecretFormSchema : createFormSchema;
}

export const WEBHOOK_FORM_FIELDS = ['name', 'endpoint', 'description', 'fieldMappings', 'templateId', 'secretKey', 'isActive'] as const;
export type WebhookFormField = (typeof WEBHOOK_FORM_FIELDS)[number];

/** A new configuration: the default field mappings (spec 3), Active (spec 5), the secret still to type or generate. */
export function initialWebhookValues(webhook: WebhookDto | null): WebhookFormInput {
  if (!webhook) {
    return { name: '', endpoint: '', description: '', fieldMappings: DEFAULT_FIELD_MAPPINGS_TEXT, templateId: '', secretKey: '', isActive: true };
  }
  return {
    name: webhook.name,
    endpoint: webhook.endpoint,
    description: webhook.description ?? '',
    fieldMappings: webhook.fieldMappings,
    templateId: webhook.templateId ?? '',
    secretKey: '',
    isActive: webhook.isActive,
  };
}

/** POST body. */
export function toCreateBody(values: WebhookFormValues): CreateWebhookInput {
  return {
    name: values.name,
    endpoint: values.endpoint,
    description: values.description,
    fieldMappings: values.fieldMappings,
    templateId: values.templateId,
    secretKey: values.secretKey,
    isActive: values.isActive,
  };
}

/** PUT body: every field of the form; the secret only when one was typed. */
export function toUpdateBody(values: WebhookFormValues): UpdateWebhookInput {
  const body: UpdateWebhookInput = {
    name: values.name,
    endpoint: values.endpoint,
    description: values.description,
    fieldMappings: values.fieldMappings,
    templateId: values.templateId,
    isActive: values.isActive,
  };
  if (values.secretKey) body.secretKey = values.secretKey;
  return body;
}

/** 32 random bytes as 64 hex characters (crypto.getRandomValues). */
export function generateSecretKey(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  return Array.from(random(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The server's problems that belong to a field of the form: a 400's field errors, or a refusal that names
 * its field (the endpoint already in use, an unknown template); 'body.endpoint' and 'endpoint' both name
 * it. The rest are left to the toast.
 */
export function formFieldErrors(errors: readonly ServerFieldError[]): Array<{ field: WebhookFormField; message: string }> {
  const out: Array<{ field: WebhookFormField; message: string }> = [];
  for (const { field, message } of errors) {
    const name = field.replace(/^body\./, '').split('.')[0];
    const known = WEBHOOK_FORM_FIELDS.find((candidate) => candidate === name);
    if (known && !out.some((item) => item.field === known)) out.push({ field: known, message });
  }
  return out;
}

/** 'Sun, Nov 22, 3:04 PM' in Toronto, or 'Never'. */
export function lastTriggeredLabel(lastTriggered: string | null): string {
  return lastTriggered ? `${formatShortDate(lastTriggered)}, ${formatTime(lastTriggered)}` : 'Never';
}
