import { Eye, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { PreviewResponse } from '../../../../shared/schemas/field-mapping-templates';
import { MappedFieldsTable } from '../../../components/mapped-fields-table';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage } from '../../../lib/api';
import { groupMappedFields } from '../../../lib/mapped-fields';
import { cn } from '../../../lib/utils';
import { targetLabel } from './template-form';

interface PreviewPanelProps {
  headingId: string;
  /** Why there is nothing to map yet ('Paste a sample…'), or null when a preview can run. */
  notReady: string | null;
  result: PreviewResponse | undefined;
  error: Error | null;
  running: boolean;
  /** The result shown was computed from older inputs (a newer call is on its way). */
  stale: boolean;
  onPreview: () => void;
}

/**
 * The live preview: the target fields the rules fill from the sample (grouped like the picker), the required
 * fields missing and every problem. The result region is announced politely as it changes.
 */
export function PreviewPanel({ headingId, notReady, result, error, running, stale, onPreview }: PreviewPanelProps) {
  const groups = result ? groupMappedFields(result.mappedData) : [];
  const missing = result ? result.missing : [];
  // The missing fields are listed by label; the engine's own 'Missing required fields: …' line would repeat them.
  const problems = result ? result.errors.filter((problem) => !(missing.length > 0 && problem.startsWith('Missing required fields'))) : [];
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Preview
        </h3>
        <Button variant="outline" size="sm" onClick={onPreview} disabled={running}>
          {running ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Eye aria-hidden="true" />}
          Preview
        </Button>
      </div>
      <div aria-live="polite" aria-busy={running || undefined} className={cn('grid gap-3 transition-opacity', stale && 'opacity-60')}>
        {notReady ? (
          <p className="text-sm text-slate-600">{notReady}</p>
        ) : error && !result ? (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden="true" />
            <div>
              <AlertTitle>Preview Error</AlertTitle>
              <AlertDescription>{apiErrorMessage(error, 'Invalid JSON or mapping configuration')}</AlertDescription>
            </div>
          </Alert>
        ) : !result ? (
          <p className="text-sm text-slate-600">{running ? 'Mapping the sample...' : 'The mapped fields appear here.'}</p>
        ) : (
          <>
            {groups.length === 0 ? (
              <p className="text-sm text-slate-600">No target field gets a value from this sample.</p>
            ) : (
              <MappedFieldsTable groups={groups} caption="Mapped fields" />
            )}
            {(missing.length > 0 || problems.length > 0) && (
              <Alert variant="destructive">
                <TriangleAlert aria-hidden="true" />
                <div className="min-w-0">
                  <AlertTitle>{missing.length > 0 ? 'Required fields missing' : 'Problems in the mapped values'}</AlertTitle>
                  <AlertDescription>
                    {missing.length > 0 && <p>Missing: {missing.map(targetLabel).join(', ')}</p>}
                    {problems.length > 0 && (
                      <ul className="mt-1 list-disc pl-5">
                        {problems.map((problem) => (
                          <li key={problem} className="[overflow-wrap:anywhere]">
                            {problem}
                          </li>
                        ))}
                      </ul>
                    )}
                  </AlertDescription>
                </div>
              </Alert>
            )}
          </>
        )}
      </div>
    </section>
  );
}
