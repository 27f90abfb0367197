import { z } from 'zod';
import { DEFAULT_FIELD_MAPPINGS_TEXT } from '../../../../shared/rules/field-mapping';
import { formatShortDate, formatTime } from '../../../../shared/rules/format';
import {
  createWebhookBody,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type WebhookDto,
} from '../../../../shared/schemas/webhooks';
import type { ServerFieldError } from '../../../lib/api';

/**
 * The create/edit dialog's form: the server's create schema (spec 5 messages, the same field-mapping check),
 * plus 'Remove the secret' on edit. On edit a blank secret key means "keep the current one".
 */
export const webhookFormSchema = createWebhookBody.extend({ removeSecret: z.boolean() });
export type WebhookFormInput = z.input<typeof webhookFormSchema>;
export type WebhookFormValues = z.output<typeof webhookFormSchema>;

export const WEBHOOK_FORM_FIELDS = ['name', 'endpoint', 'description', 'fieldMappings', 'templateId', 'secretKey', 'isActive', 'removeSecret'] as const;
export type WebhookFormField = (typeof WEBHOOK_FORM_FIELDS)[number];

/** A new configuration: the default field mappings (spec 3), Active (spec 5), no secret. */
export function initialWebhookValues(webhook: WebhookDto | null): WebhookFormInput {
  if (!webhook) {
    return { name: '', endpoint: '', description: '', fieldMappings: DEFAULT_FIELD_MAPPINGS_TEXT, templateId: '', secretKey: '', isActive: true, removeSecret: false };
  }
  return {
    name: webhook.name,
    endpoint: webhook.endpoint,
    description: webhook.description ?? '',
    fieldMappings: webhook.fieldMappings,
    templateId: webhook.templateId ?? '',
    secretKey: '',
    isActive: webhook.isActive,
    removeSecret: false,
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

/** PUT body: every field of the form; the secret only when one was typed (or removeSecret when ticked). */
export function toUpdateBody(values: WebhookFormValues): UpdateWebhookInput {
  const body: UpdateWebhookInput = {
    name: values.name,
    endpoint: values.endpoint,
    description: values.description,
    fieldMappings: values.fieldMappings,
    templateId: values.templateId,
    isActive: values.isActive,
  };
  if (values.removeSecret) body.removeSecret = true;
  else if (values.secretKey) body.secretKey = values.secretKey;
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
