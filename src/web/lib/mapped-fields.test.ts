import { describe, expect, it } from 'vitest';
import { groupMappedFields, mappedValueText } from './mapped-fields';

describe('groupMappedFields', () => {
  it('groups and orders the mapped fields like the target picker, with labels; unknown keys last', () => {
    const groups = groupMappedFields({ planTier: 'TWO', extra: { a: 1 }, email: 'a@b.c', firstName: 'Jo', weeklyLimit: 2, isActive: true });
    expect(groups.map((g) => g.label)).toEqual(['Contact', 'Account', 'Other']);
    expect(groups[0]!.rows).toEqual([
      { field: 'firstName', label: 'First name', value: 'Jo' },
      { field: 'email', label: 'Email', value: 'a@b.c' },
    ]);
    expect(groups[1]!.rows.map((r) => `${r.label}=${r.value}`)).toEqual(['Plan tier=TWO', 'Weekly sessions=2', 'Account active=true']);
    expect(groups[2]!.rows).toEqual([{ field: 'extra', label: 'extra', value: '{"a":1}' }]);
  });
  it('shows nothing for an empty result', () => {
    expect(groupMappedFields({})).toEqual([]);
  });
  it('writes text as is and anything else as JSON', () => {
    expect(mappedValueText('a b')).toBe('a b');
    expect(mappedValueText(null)).toBe('null');
    expect(mappedValueText(3)).toBe('3');
  });
});
