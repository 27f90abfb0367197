import { describe, expect, it } from 'vitest';
import { createUserBody } from './admin-users';
import { sessionFormBody } from './sessions';
import { hasNoControlCharacters, hasNoControlCharactersExceptLines, hasVisibleCharacters, requiredName } from './text';

// Issue 17, item 12: free text refuses bidirectional controls, C1 controls and text made only of invisible
// characters, with the existing message ('<Field> contains characters that are not allowed').
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const C1 = ['\u0080', '\u0085', '\u008d', '\u009b', '\u009f'];
/** Issue 29, item 11: the Unicode line and paragraph separators. */
const SEPARATORS = ['\u2028', '\u2029'];
const INVISIBLE_ONLY = ['\u200b', '\u200b\u200c\u200d', '\u2060', '\u200b \u200b', '\u0301', '\u0301\u0308', '\u3164', '\u115f\u1160', '\u034f', '\ufe0f'];

describe('hasNoControlCharacters', () => {
  it('refuses every bidirectional control, C1 control and line or paragraph separator, alone or inside a name', () => {
    for (const ch of [...BIDI, ...C1, ...SEPARATORS]) {
      const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      expect(hasNoControlCharacters(`Ann${ch}Admin`), code).toBe(false);
      expect(hasNoControlCharacters(ch), code).toBe(false);
      expect(hasNoControlCharactersExceptLines(`line one\n${ch}line two`), code).toBe(false);
    }
  });

  it('refuses a text made only of invisible characters, but not a blank one (left to "is required")', () => {
    for (const text of INVISIBLE_ONLY) {
      expect(hasVisibleCharacters(text), JSON.stringify(text)).toBe(false);
      expect(hasNoControlCharacters(text), JSON.stringify(text)).toBe(false);
      expect(hasNoControlCharactersExceptLines(text), JSON.stringify(text)).toBe(false);
    }
    expect(hasVisibleCharacters('')).toBe(true);
    expect(hasVisibleCharacters('   ')).toBe(true);
  });

  it('refuses a lone surrogate (half of a UTF-16 pair) but keeps a whole pair', () => {
    for (const text of ['\udfff', 'Ava\ud83d', '\ude00Ava', 'A\ud800\ud800']) {
      expect(hasNoControlCharacters(text), JSON.stringify(text)).toBe(false);
      expect(hasNoControlCharactersExceptLines(text), JSON.stringify(text)).toBe(false);
    }
    expect(hasNoControlCharacters('Ava \ud83d\ude00')).toBe(true);
    expect(hasNoControlCharacters('\u{2A6D6}')).toBe(true);
  });

  it('keeps ordinary names in any script, joiners inside visible text, accents and emoji', () => {
    for (const name of ['Zoë', 'José', 'e\u0301lodie', 'مریم\u200cسادات', 'क्\u200dष', 'Renée-Claude O\u2019Brien', '👨\u200d👩\u200d👧', 'Åsa', '李小龍', 'Main Gym – Court 2']) {
      expect(hasNoControlCharacters(name), name).toBe(true);
    }
    expect(hasNoControlCharactersExceptLines('Line one\r\n\tLine two')).toBe(true);
  });
});

describe('the schemas give the existing message', () => {
  it('names (requiredName, user names, session location)', () => {
    expect(requiredName('Name').safeParse('\u202eevil').error?.issues[0]?.message).toBe('Name contains characters that are not allowed');
    expect(requiredName('Name').safeParse('\u200b\u200b').error?.issues[0]?.message).toBe('Name contains characters that are not allowed');
    const user = createUserBody.safeParse({ firstName: 'Ann\u202e', lastName: '\u0085', email: 'a@example.com', firstChildName: '\u200b' });
    expect(user.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', 'First name contains characters that are not allowed'],
      ['lastName', 'Last name contains characters that are not allowed'],
      ['firstChildName', 'Child name contains characters that are not allowed'],
    ]);
    const session = sessionFormBody.safeParse({ classTypeId: 'x', startsAt: '2027-01-05T10:00', endsAt: '2027-01-05T11:00', location: '\u2066Gym\u2069' });
    expect(session.error?.issues.map((issue) => issue.message)).toEqual(['Location contains characters that are not allowed']);
  });
});
