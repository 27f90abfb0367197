import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHILD_IMPORT_FIELDS, CHILD_TARGET_LABELS, createChildSlotShape } from './child-fields';
import {
  CHILD_FIELDS,
  CHILD_SEXES,
  CHILD_SLOT_FIELDS,
  childrenToSlots,
  namedChildren,
  parseChildSlotField,
  slotsToChildren,
} from './children';
import { childSlotShape, type ChildSlotFields } from './users';

const ann = { name: 'Ann', weeklyLimit: 2, birthDate: '2016-05-04', sex: 'F' as const };
const bo = { name: 'Bo', weeklyLimit: 1, birthDate: null, sex: null };

describe('children: slots at the edge, a list inside', () => {
  it('reads the slots as a list in slot order, an empty slot in the middle keeping the positions', () => {
    const slots = {
      firstChildName: 'Ann',
      firstChildWeeklyLimit: 2,
      firstChildBirthDate: '2016-05-04',
      firstChildSex: 'F',
      thirdChildName: 'Bo',
      thirdChildWeeklyLimit: 1,
      thirdChildBirthDate: null,
      thirdChildSex: null,
      email: 'not-a-child@example.com',
    };
    expect(slotsToChildren(slots)).toEqual([
      { position: 1, ...ann },
      { position: 3, ...bo },
    ]);
    // And back: the empty second and fourth slots are null (or what the caller gives for an empty slot).
    const back = childrenToSlots(slotsToChildren(slots));
    expect(back).toMatchObject({ firstChildName: 'Ann', secondChildName: null, secondChildWeeklyLimit: null, thirdChildName: 'Bo', fourthChildSex: null });
    expect(Object.keys(back).sort()).toEqual([...CHILD_SLOT_FIELDS].sort());
    expect(childrenToSlots([], { name: '', weeklyLimit: 1, birthDate: '', sex: '' })).toMatchObject({ thirdChildName: '', thirdChildWeeklyLimit: 1 });
  });

  it('trims names; a blank name is null (no child there: on an edit, the child is removed)', () => {
    expect(slotsToChildren({ firstChildName: '  Ann  ', secondChildName: '   ', thirdChildName: null, fourthChildWeeklyLimit: 3 })).toEqual([
      { position: 1, name: 'Ann' },
      { position: 2, name: null },
      { position: 3, name: null },
      { position: 4, weeklyLimit: 3 },
    ]);
    expect(namedChildren(slotsToChildren({ firstChildName: ' ', secondChildName: 'Bo ' }))).toEqual([{ position: 2, name: 'Bo' }]);
    // A slot none of whose fields is given is not in the list (null is given, undefined is not).
    expect(slotsToChildren({ secondChildName: undefined })).toEqual([]);
  });

  it('fits at most four children, each at a position 1–4 of its own', () => {
    const child = (position: number) => ({ position, ...bo });
    expect(() => childrenToSlots([1, 2, 3, 4, 4].map(child))).toThrow('At most 4 children');
    expect(() => childrenToSlots([child(5)])).toThrow('position must be 1 to 4');
    expect(() => childrenToSlots([child(0)])).toThrow('position must be 1 to 4');
    expect(() => childrenToSlots([child(2), child(2)])).toThrow('Two children at position 2');
    expect(childrenToSlots([1, 2, 3, 4].map(child))).toMatchObject({ fourthChildName: 'Bo' });
  });

  it('names every slot field once, and each names its slot and field', () => {
    expect(CHILD_SLOT_FIELDS).toHaveLength(16);
    expect(parseChildSlotField('thirdChildBirthDate')).toEqual({ slot: 'third', position: 3, field: 'birthDate' });
    expect(parseChildSlotField('fifthChildName')).toBeNull();
    expect(parseChildSlotField('weeklyLimit')).toBeNull();
    // The edge's names derived from the list type are the spec's.
    expect(Object.keys(childSlotShape)).toEqual([
      ...['Name', 'WeeklyLimit', 'BirthDate', 'Sex'].flatMap((field) => ['first', 'second', 'third', 'fourth'].map((slot) => `${slot}Child${field}`)),
    ]);
    expect(Object.keys(createChildSlotShape)).toEqual(CHILD_SLOT_FIELDS);
    expect(CHILD_IMPORT_FIELDS.slice(4, 8).map((f) => [f.field, f.label])).toEqual([
      ['secondChildName', 'Child 2 Name'],
      ['secondChildWeeklyLimit', 'Child 2 Weekly Limit'],
      ['secondChildBirthDate', 'Child 2 Date of Birth'],
      ['secondChildSex', 'Child 2 Sex'],
    ]);
    expect(CHILD_TARGET_LABELS.fourthChildBirthDate).toBe('4th child date of birth');
    expect(CHILD_TARGET_LABELS.firstChildWeeklyLimit).toBe('1st child weekly limit');
  });

  // The round trip the edge relies on: what the API says about a family is what the list holds, and back.
  const name = fc.option(
    fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim() === text && text !== ''),
    { nil: null },
  );
  const slotValues = fc.record({
    name,
    weeklyLimit: fc.option(fc.integer({ min: 1, max: 7 }), { nil: null }),
    birthDate: fc.option(fc.constantFrom('2015-01-31', '2016-02-29', '2020-12-01'), { nil: null }),
    sex: fc.option(fc.constantFrom(...CHILD_SEXES), { nil: null }),
  });
  const fullSlots = fc.tuple(slotValues, slotValues, slotValues, slotValues).map((slots) => {
    const fields: Record<string, unknown> = {};
    slots.forEach((values, index) => {
      for (const field of CHILD_FIELDS) fields[CHILD_SLOT_FIELDS[index * CHILD_FIELDS.length + CHILD_FIELDS.indexOf(field)]!] = values[field];
    });
    return fields as ChildSlotFields;
  });

  it('slots → list → slots gives the slots back (property)', () => {
    fc.assert(
      fc.property(fullSlots, (slots) => {
        expect(childrenToSlots(slotsToChildren(slots))).toEqual(slots);
      }),
    );
  });

  it('partial slots → list → slots gives back exactly the fields given (property)', () => {
    const partial = fullSlots.chain((slots) =>
      fc.subarray(Object.keys(slots)).map((kept) => Object.fromEntries(kept.map((key) => [key, slots[key as keyof ChildSlotFields]]))),
    );
    fc.assert(
      fc.property(partial, (slots) => {
        const list = slotsToChildren(slots);
        expect(list.length).toBeLessThanOrEqual(4);
        // A slot in the list comes back with exactly the fields given; a slot not in it comes back empty (null).
        const back: Record<string, unknown> = childrenToSlots(list);
        const listed = new Set(list.map((child) => child.position));
        for (const key of CHILD_SLOT_FIELDS) {
          const { position } = parseChildSlotField(key)!;
          if (listed.has(position)) expect([key, back[key]]).toEqual([key, slots[key as keyof typeof slots]]);
          else expect([key, back[key]]).toEqual([key, null]);
        }
        const positions = list.map((child) => child.position);
        expect(positions).toEqual([...positions].sort());
      }),
    );
  });

  it('list → slots → list gives the children back (property)', () => {
    const child = fc.record({
      name: fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim() === text && text !== ''),
      weeklyLimit: fc.integer({ min: 1, max: 7 }),
      birthDate: fc.option(fc.constantFrom('2015-01-31', '2016-02-29'), { nil: null }),
      sex: fc.option(fc.constantFrom(...CHILD_SEXES), { nil: null }),
    });
    const list = fc
      .tuple(fc.subarray([1, 2, 3, 4]), fc.array(child, { minLength: 4, maxLength: 4 }))
      .map(([positions, kids]) => positions.map((position, i) => ({ position, ...kids[i]! })));
    fc.assert(
      fc.property(list, (children) => {
        expect(namedChildren(slotsToChildren(childrenToSlots(children)))).toEqual(children);
      }),
    );
  });
});
