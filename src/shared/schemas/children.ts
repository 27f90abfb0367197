import { z } from 'zod';

/**
 * Children inside the code are a list; the spec's four child slots (firstChildName … fourthChildSex) exist only at
 * the edge: the JSON API, the CSV import's columns and the CRM mapping's targets (docs/development.md, "Children
 * inside the code"). This module holds the list type and the one pair of functions that converts between the two:
 * slotsToChildren (slots → list) and childrenToSlots (list → slots). The edge's per-field details (labels, input
 * checks, CRM checks) are in child-fields.ts.
 */

/** Spec 9: children per user. */
export const MAX_CHILDREN = 4;

/** A child's recorded sex (issue 22, optional): 'F' (girl) or 'M' (boy); a girls-only class refuses 'M'. */
export const CHILD_SEXES = ['F', 'M'] as const;
export type ChildSex = (typeof CHILD_SEXES)[number];

/**
 * The list type: a child as the code works with them, and as their own family (GET /api/me) and the office see them.
 * birthDate ('YYYY-MM-DD') and sex ('F'/'M') are null when not recorded (issue 22); no other family ever reads them
 * (rosters and sessions carry names only). A new child field is added here (the slot fields of the API derive from
 * it) and in CHILD_FIELD_EDGE (child-fields.ts).
 */
export const childDto = z.object({
  name: z.string(),
  weeklyLimit: z.number().int(),
  birthDate: z.string().nullable(),
  sex: z.enum(CHILD_SEXES).nullable(),
});
export type Child = z.infer<typeof childDto>;
export type ChildField = keyof Child;
/** The child fields in the order the API lists them (name, weeklyLimit, birthDate, sex). */
export const CHILD_FIELDS = Object.keys(childDto.shape) as ChildField[];

/** The API's four slots, first…fourth = position 1–4 (the children table's position). */
export const CHILD_SLOTS = ['first', 'second', 'third', 'fourth'] as const;
export type ChildSlot = (typeof CHILD_SLOTS)[number];

/** The edge's name of a child field in a slot: `${slot}Child${Field}` (firstChildName, secondChildWeeklyLimit, …). */
export type ChildSlotField<F extends ChildField = ChildField, S extends ChildSlot = ChildSlot> = `${S}Child${Capitalize<F>}`;
/** The child field a slot field names ('thirdChildBirthDate' → 'birthDate'). */
export type FieldOfSlotField<K> = K extends `${ChildSlot}Child${infer U}` ? Extract<Uncapitalize<U>, ChildField> : never;

export const childSlotField = <F extends ChildField, S extends ChildSlot>(slot: S, field: F): ChildSlotField<F, S> =>
  `${slot}Child${field.charAt(0).toUpperCase()}${field.slice(1)}` as ChildSlotField<F, S>;

/** The edge's name of a field of the child at a position (1–4): (2, 'sex') → 'secondChildSex'. */
export function childSlotFieldAt<F extends ChildField>(position: number, field: F): ChildSlotField<F> {
  const slot = CHILD_SLOTS[position - 1];
  if (!slot) throw new RangeError(`A child's position must be 1 to ${MAX_CHILDREN} (${position} given)`);
  return childSlotField(slot, field);
}

/** Every slot field, slot by slot (firstChildName, firstChildWeeklyLimit, …, fourthChildSex). */
export const CHILD_SLOT_FIELDS: ReadonlyArray<ChildSlotField> = CHILD_SLOTS.flatMap((slot) => CHILD_FIELDS.map((field) => childSlotField(slot, field)));

const SLOT_FIELD = new Map<string, { slot: ChildSlot; position: number; field: ChildField }>(
  CHILD_SLOTS.flatMap((slot, index) => CHILD_FIELDS.map((field) => [childSlotField(slot, field), { slot, position: index + 1, field }] as const)),
);
/** What a slot field names ('secondChildSex' → slot 'second', position 2, field 'sex'), or null for any other name. */
export const parseChildSlotField = (name: string) => SLOT_FIELD.get(name) ?? null;
export const isChildSlotField = (name: string): name is ChildSlotField => SLOT_FIELD.has(name);

/**
 * A zod shape of the slot fields from one schema per child field. Slot by slot (the order the forms and the CSV
 * import check them, so their messages come in that order), or field by field (the order the API's answers list them).
 */
export function childSlotShapeOf<S extends Record<ChildField, z.ZodType>>(
  perField: S,
  order: 'by-slot' | 'by-field' = 'by-slot',
): { [K in ChildSlotField]: S[FieldOfSlotField<K>] } {
  const pairs =
    order === 'by-slot'
      ? CHILD_SLOTS.flatMap((slot) => CHILD_FIELDS.map((field) => [childSlotField(slot, field), perField[field]]))
      : CHILD_FIELDS.flatMap((field) => CHILD_SLOTS.map((slot) => [childSlotField(slot, field), perField[field]]));
  return Object.fromEntries(pairs) as { [K in ChildSlotField]: S[FieldOfSlotField<K>] };
}

/** A child in the list with the slot the edge names them by: position 1–4 = first…fourth. */
export type PositionedChild<C> = C & { position: number };

type NameOut<V> = V extends string ? string | null : V;
/**
 * The child fields of a slots object T, as one child (firstChildName → name, …), with T's value types and optional
 * marks. A name may come out null (a blank name: no child in that slot).
 */
export type ChildOfSlots<T> = {
  [K in keyof T as K extends `firstChild${infer U}` ? Extract<Uncapitalize<U>, ChildField> : never]: K extends 'firstChildName'
    ? NameOut<T[K]>
    : T[K];
};
/** The slot fields of a child type C (name → firstChildName … fourthChildName), each `C[field] | E`. */
export type SlotsOfChild<C, E = null> = {
  [K in keyof C as K extends ChildField ? ChildSlotField<K> : never]: C[K] | E;
};

/**
 * Slots → list. Each slot that gives at least one child field (a value that is not undefined; null counts) becomes
 * one entry, in slot order, with its position (1–4) and exactly the fields given. A name is trimmed; a blank name is
 * null: no child in that slot (on an edit, the child there is removed). Other values pass as they are (the edge's
 * schemas have checked them). A slot in the middle left empty is simply not in the list: positions stay as the slots
 * say. There are never more than MAX_CHILDREN entries.
 */
export function slotsToChildren<T extends object>(slots: T): Array<PositionedChild<ChildOfSlots<T>>> {
  const source = slots as Partial<Record<string, unknown>>;
  const list: Array<Record<string, unknown>> = [];
  CHILD_SLOTS.forEach((slot, index) => {
    const child: Record<string, unknown> = {};
    for (const field of CHILD_FIELDS) {
      const value = source[childSlotField(slot, field)];
      if (value === undefined) continue;
      child[field] = field === 'name' ? (typeof value === 'string' && value.trim() ? value.trim() : null) : value;
    }
    if (Object.keys(child).length) list.push({ position: index + 1, ...child });
  });
  return list as Array<PositionedChild<ChildOfSlots<T>>>;
}

/**
 * List → slots: each child's fields under its slot's names (position 1 → firstChild…). A slot without a child gets
 * `empty`'s value for each field (null unless given; a form may want '' and the default limit). Only the child
 * fields are read (a row's id or userId is not). More than MAX_CHILDREN children, a position outside 1–4 or one
 * position twice is a programming error and throws.
 */
export function childrenToSlots<C extends Partial<Record<ChildField, unknown>>>(children: ReadonlyArray<PositionedChild<C>>): SlotsOfChild<C>;
export function childrenToSlots<C extends Partial<Record<ChildField, unknown>>>(children: ReadonlyArray<PositionedChild<C>>, empty: C): SlotsOfChild<C, never>;
export function childrenToSlots(
  children: ReadonlyArray<PositionedChild<Partial<Record<ChildField, unknown>>>>,
  empty: Partial<Record<ChildField, unknown>> = {},
): Record<string, unknown> {
  if (children.length > MAX_CHILDREN) throw new RangeError(`At most ${MAX_CHILDREN} children fit the slots (${children.length} given)`);
  const atPosition = new Map<number, Partial<Record<ChildField, unknown>>>();
  for (const child of children) {
    if (!Number.isInteger(child.position) || child.position < 1 || child.position > MAX_CHILDREN) {
      throw new RangeError(`A child's position must be 1 to ${MAX_CHILDREN} (${child.position} given)`);
    }
    if (atPosition.has(child.position)) throw new RangeError(`Two children at position ${child.position}`);
    atPosition.set(child.position, child);
  }
  const slots: Record<string, unknown> = {};
  for (const field of CHILD_FIELDS) {
    CHILD_SLOTS.forEach((slot, index) => {
      const child = atPosition.get(index + 1);
      const value = child ? child[field] : (empty[field] ?? null);
      if (value !== undefined) slots[childSlotField(slot, field)] = value;
    });
  }
  return slots;
}

/** The entries of a list that are children (a blank name marks an empty slot). */
export const namedChildren = <C extends { name?: string | null | undefined }>(list: readonly C[]): Array<C & { name: string }> =>
  list.filter((child): child is C & { name: string } => typeof child.name === 'string');

/**
 * The fields of a child that are details: not the name (which says whether there is a child) nor the weekly limit.
 * On an edit each is kept when left out, cleared by null and set by a value (issue 22's date of birth and sex).
 */
export type ChildDetailField = Exclude<ChildField, 'name' | 'weeklyLimit'>;
export const CHILD_DETAIL_FIELDS = CHILD_FIELDS.filter((field): field is ChildDetailField => field !== 'name' && field !== 'weeklyLimit');

/**
 * A change to the child in one slot, as the services take it (from a form, a CSV row or a CRM delivery): a field
 * left out is not changed; a null name empties the slot; a null detail clears it.
 */
export type ChildChangeFields = { [F in ChildField]?: F extends 'weeklyLimit' ? Child[F] : Child[F] | null };
export type ChildChange = PositionedChild<ChildChangeFields>;
