import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateBody, TemplateDto } from '../../../../shared/schemas/field-mapping-templates';
import { TEMPLATES_PATH, templatesKeys, webhooksKeys } from '../../../lib/admin-queries';
import { throwIfResNotOk } from '../../../lib/api';

/** A refused save: the usual '<status>: <message>' error, plus the fields the server named (400). */
export class TemplateSaveError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Array<{ field: string; message: string }>,
  ) {
    super(message);
    this.name = 'TemplateSaveError';
  }
}

function readFieldErrors(body: unknown): Array<{ field: string; message: string }> {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.flatMap((issue: unknown) =>
    issue && typeof issue === 'object' && 'field' in issue && 'message' in issue && typeof issue.field === 'string' && typeof issue.message === 'string'
      ? [{ field: issue.field, message: issue.message }]
      : [],
  );
}

async function sendTemplate(method: 'POST' | 'PUT', url: string, body: TemplateBody): Promise<TemplateDto> {
  const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'include' });
  if (!res.ok) {
    const copy = res.clone();
    let fieldErrors: Array<{ field: string; message: string }> = [];
    try {
      fieldErrors = readFieldErrors(JSON.parse(await copy.text()));
    } catch {
      // not JSON: no field errors
    }
    try {
      await throwIfResNotOk(res);
    } catch (error) {
      throw new TemplateSaveError(error instanceof Error ? error.message : `${res.status}: ${res.statusText}`, fieldErrors);
    }
  }
  return (await res.json()) as TemplateDto;
}

/**
 * POST /api/admin/field-mapping-templates (201, the new template) or PUT …/:id (the whole template, rules
 * replaced; the version goes up). Webhook configurations show their template's name, so both lists refresh.
 */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation<TemplateDto, Error, { templateId: string | null; body: TemplateBody }>({
    mutationFn: ({ templateId, body }) =>
      templateId ? sendTemplate('PUT', `${TEMPLATES_PATH}/${encodeURIComponent(templateId)}`, body) : sendTemplate('POST', TEMPLATES_PATH, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
        queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
      ]),
  });
}
