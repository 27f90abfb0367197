import { z } from 'zod';

/**
 * Free text typed by people (or sent by another system) never carries control characters: a NUL is refused
 * by PostgreSQL (a 500 instead of a clear 400), and the others (escape sequences, bells, form feeds) have no
 * place in a name, a place or a search. Texts that legitimately have lines (descriptions, notes, JSON
 * samples) keep line feeds, carriage returns and tabs, and nothing else below U+0020 (nor U+007F).
 *
 * Also refused everywhere: the C1 controls (U+0080–U+009F), the Unicode line and paragraph separators (U+2028,
 * U+2029: a line break in a one-line name, and one that some JSON and JavaScript readers treat as the end of a
 * line), and the bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), which make a
 * name show differently from what it is (an override reverses the letters after it on screen); and a text that is not
 * blank but has nothing visible in it (only zero-width characters, U+FEFF, spaces or lone combining marks),
 * which would show as an empty name. Zero-width joiners inside a visible name (Persian, Indic scripts, emoji)
 * stay allowed. A lone surrogate (half of a UTF-16 pair, which no keyboard types and PostgreSQL cannot store in
 * JSON) is refused too.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Characters that show nothing on their own: spaces, format characters (zero-width ones, U+FEFF), marks, controls. */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{M}]+$/u;

/** True when a text that is not blank has at least one visible character (a blank text is left to `min(1)`). */
export const hasVisibleCharacters = (value: string): boolean => value.trim() === '' || !INVISIBLE_ONLY.test(value);

/** True when the text has no control character (C0, DEL, C1, U+2028/U+2029, bidi controls) and is not made only of invisible ones. */
export const hasNoControlCharacters = (value: string): boolean =>
  !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value) && hasVisibleCharacters(value);

/** True when the text's only control characters are line feeds, carriage returns and tabs (and it is not only invisible ones). */
export const hasNoControlCharactersExceptLines = (value: string): boolean =>
  !CONTROL_CHARACTERS_EXCEPT_LINES.test(value) && !LONE_SURROGATE.test(value) && hasVisibleCharacters(value);

/** The message of a text with a control character in it. */
export const notAllowedCharacters = (field: string): string => `${field} contains characters that are not allowed`;

/** An e-mail address is at most 254 characters (RFC 5321's path limit), everywhere one is accepted. */
export const MAX_EMAIL_LENGTH = 254;

/** A required one-line name: trimmed, '<Field> is required', at most `max` characters, no control characters. */
export const requiredName = (field: string, max = 100) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} cannot exceed ${max} characters`)
    .refine(hasNoControlCharacters, notAllowedCharacters(field));
