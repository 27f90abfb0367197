import { CHILD_SLOTS, type ChildSlotFields } from '../../../shared/schemas/users';

/** The API's flat child fields (firstChildName … fourthChildWeeklyLimit) from the child rows' slots 1–4. */
export function childSlotFields(kids: ReadonlyArray<{ position: number; name: string; weeklyLimit: number }>): ChildSlotFields {
  const fields: Record<string, string | number | null> = {};
  CHILD_SLOTS.forEach((slot, index) => {
    const kid = kids.find((k) => k.position === index + 1);
    fields[`${slot}ChildName`] = kid?.name ?? null;
    fields[`${slot}ChildWeeklyLimit`] = kid?.weeklyLimit ?? null;
  });
  return fields as ChildSlotFields;
}
