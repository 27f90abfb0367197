import { ClipboardPen } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { childSexLabel } from '../../shared/rules/child-details';
import { ageRangeText, detailsNeededBy, type EligibilityClass, type EligibilityDetail, type MissingDetails } from '../../shared/rules/eligibility';
import { CHILD_SEXES } from '../../shared/schemas/children';
import { torontoDateKey } from '../../shared/rules/week';
import { useNow } from '../lib/use-now';
import { checkAnswers, EMPTY_ANSWER, mergeAsks, missingDetailsFromError, type DetailAnswers, type DetailProblems, type DetailsToRecord } from './child-details-ask-rules';
import { FormField } from './form-field';
import { Input } from './ui/input';
import { NativeSelect } from './ui/native-select';

/**
 * The state of a booking dialog's ask (issue 31): what was typed for each child, the problems found on Book, and
 * what the server asked (a 409 ELIGIBILITY_DETAILS_MISSING). `asksFor` merges the dialog's own rule with the server's
 * ask for the children chosen; `check` validates them before the details are recorded.
 */
export function useChildDetailsAsk() {
  const [answers, setAnswers] = useState<DetailAnswers>({});
  const [problems, setProblems] = useState<DetailProblems>({});
  const [server, setServer] = useState<{ asks: MissingDetails[]; message: string } | null>(null);

  const change = useCallback((childName: string, field: EligibilityDetail, value: string) => {
    setAnswers((current) => ({ ...current, [childName]: { ...(current[childName] ?? EMPTY_ANSWER), [field]: value } }));
    setProblems((current) => {
      if (!current[childName]?.[field]) return current;
      const { [field]: _dropped, ...rest } = current[childName];
      return { ...current, [childName]: rest };
    });
  }, []);

  /** The records to save, or null (the problems are then shown on their fields). */
  const check = useCallback(
    (asks: readonly MissingDetails[]): DetailsToRecord[] | null => {
      const result = checkAnswers(asks, answers);
      setProblems(result.problems);
      return result.records;
    },
    [answers],
  );

  /** A refusal of the booking asking for details: shown as the ask (true), or any other error (false). */
  const fromError = useCallback((error: unknown): boolean => {
    const asked = missingDetailsFromError(error);
    if (asked) setServer(asked);
    return asked !== null;
  }, []);

  /** After the details are recorded: the server's ask is answered. */
  const recorded = useCallback(() => setServer(null), []);

  return useMemo(
    () => ({
      answers,
      problems,
      serverMessage: server?.message ?? null,
      asksFor: (local: readonly MissingDetails[], chosen: readonly string[]) => mergeAsks(local, server?.asks ?? [], chosen),
      change,
      check,
      fromError,
      recorded,
    }),
    [answers, problems, server, change, check, fromError, recorded],
  );
}

export type ChildDetailsAskState = ReturnType<typeof useChildDetailsAsk>;

interface ChildDetailsAskProps {
  asks: readonly MissingDetails[];
  state: ChildDetailsAskState;
  /** Whose record it is, in the intro: "your family's record" or "the family's record". */
  recordOf: string;
  classType: EligibilityClass;
  disabled?: boolean;
}

/** 'ages 8-12', 'girls only', 'ages 9-15, girls only'. */
const classRule = (classType: EligibilityClass) =>
  detailsNeededBy(classType)
    .map((field) => (field === 'birthDate' ? ageRangeText(classType.minAge, classType.maxAge) : 'girls only'))
    .join(', ');

/**
 * A booking dialog's inline ask for the details a class needs of the children chosen (issue 31): for each child,
 * the date of birth and/or the sex the record lacks. Book records them first (PATCH of the child), then books.
 */
export function ChildDetailsAsk({ asks, state, recordOf, classType, disabled = false }: ChildDetailsAskProps) {
  const headingId = useId();
  // The date picker offers no day after today (Toronto): a date of birth is in the past.
  const today = torontoDateKey(useNow(3_600_000));
  if (asks.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-sm">
      <div className="grid gap-1">
        <h3 id={headingId} className="flex items-center gap-1.5 font-semibold text-slate-900">
          <ClipboardPen className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
          Details needed before booking
        </h3>
        {state.serverMessage ? (
          <p role="alert" className="font-medium text-amber-900">
            {state.serverMessage}
          </p>
        ) : (
          <p className="text-slate-700">{`${classType.name} is for ${classRule(classType)}, so we need these details first. They are saved to ${recordOf}.`}</p>
        )}
      </div>
      {asks.map(({ childName, fields }) => {
        const answer = state.answers[childName] ?? EMPTY_ANSWER;
        const problems = state.problems[childName] ?? {};
        return (
          <fieldset key={childName} className="grid gap-3 sm:grid-cols-2" disabled={disabled}>
            <legend className="mb-2 font-medium text-slate-900">{childName}</legend>
            {fields.includes('birthDate') && (
              <FormField label={`${childName}'s date of birth`} error={problems.birthDate}>
                {(control) => (
                  <Input type="date" max={today} value={answer.birthDate} onChange={(event) => state.change(childName, 'birthDate', event.target.value)} {...control} />
                )}
              </FormField>
            )}
            {fields.includes('sex') && (
              <FormField label={`${childName}'s sex`} error={problems.sex}>
                {(control) => (
                  <NativeSelect value={answer.sex} onChange={(event) => state.change(childName, 'sex', event.target.value)} {...control}>
                    <option value="">Choose…</option>
                    {CHILD_SEXES.map((value) => (
                      <option key={value} value={value}>
                        {childSexLabel(value)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            )}
          </fieldset>
        );
      })}
    </section>
  );
}
