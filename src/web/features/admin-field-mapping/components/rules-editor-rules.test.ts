import { describe, expect, it } from 'vitest';
import { describedByOf, focusAfterRemove, pathErrorOf, sampleHint, suggestNoteOf } from './rules-editor-rules';

const sample = { contact: { email: 'ana@example.com', tags: ['a'], note: 'x'.repeat(80) }, plan: null };

describe('the rules editor', () => {
  it("hints the sample's value at a path", () => {
    expect(sampleHint(sample, true, ' contact.email ')).toBe('Sample: ana@example.com');
    expect(sampleHint(sample, true, 'contact.tags')).toBe('Sample: a list or an object');
    expect(sampleHint(sample, true, 'contact.phone')).toBe('Not in the sample');
    expect(sampleHint(sample, true, 'contact.note')).toBe(`Sample: ${'x'.repeat(59)}…`);
    // No hint without a sample, for an empty path or a path that is not one.
    expect(sampleHint(undefined, false, 'contact.email')).toBeNull();
    expect(sampleHint(sample, true, '  ')).toBeNull();
    expect(sampleHint(sample, true, 'contact..email')).toBeNull();
  });

  it("moves focus after a removal to the Remove button now in the row's place, or to 'Add rule'", () => {
    expect(focusAfterRemove(0, 3)).toEqual({ index: 0, action: 'remove' });
    expect(focusAfterRemove(2, 3)).toEqual({ index: 1, action: 'remove' });
    expect(focusAfterRemove(0, 1)).toEqual({ action: 'add-button' });
  });

  it('says what Suggest rules added', () => {
    expect(suggestNoteOf(0)).toBe('No further fields of the sample match a target field by name.');
    expect(suggestNoteOf(1)).toBe('Added 1 suggested rule; check each target before saving.');
    expect(suggestNoteOf(4)).toBe('Added 4 suggested rules; check each target before saving.');
  });
});

describe('the rules editor: a path input', () => {
  it("shows the form's error first, else the path's shape", () => {
    expect(pathErrorOf('Required', 'contact.email', 'Bad path')).toBe('Required');
    expect(pathErrorOf(undefined, 'contact..email', 'Bad path')).toBe('Bad path');
    expect(pathErrorOf(undefined, 'contact.email', 'Bad path')).toBeUndefined();
  });

  it('is described by its hint and its error, when it has them', () => {
    expect(describedByOf('hint', 'error')).toBe('hint error');
    expect(describedByOf(false, 'error')).toBe('error');
    expect(describedByOf(false, undefined)).toBeUndefined();
  });
});
