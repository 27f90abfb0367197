import { mapPayload } from '../../../shared/rules/field-mapping';
import type { MappingRuleBody, PreviewResponse } from '../../../shared/schemas/field-mapping-templates';

export const REDACTED = '[redacted]';
export const SAMPLE_NOT_OBJECT = 'The sample must be a JSON object';

/**
 * Maps a sample payload (JSON text, already known to parse) with a template's rules, exactly as the webhook
 * receiver would, without saving anything. A password is never echoed back: it is shown as '[redacted]'.
 */
export function previewMapping(input: { samplePayload: string; rules: readonly MappingRuleBody[] }): PreviewResponse {
  const sample: unknown = JSON.parse(input.samplePayload);
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) {
    return { mappedData: {}, missing: [], errors: [SAMPLE_NOT_OBJECT] };
  }
  const { data, missing, errors } = mapPayload(sample, input.rules);
  const mappedData: Record<string, unknown> = { ...data };
  if (mappedData.password !== undefined) mappedData.password = REDACTED;
  return { mappedData, missing, errors };
}
