import { z } from 'zod';

/**
 * Free text typed by people (or sent by another system) never carries control characters: a NUL is refused
 * by PostgreSQL (a 500 instead of a clear 400), and the others (escape sequences, bells, form feeds) have no
 * place in a name, a place or a search. Texts that legitimately have lines (descriptions, notes, JSON
 * samples) keep line feeds, carriage returns and tabs, and nothing else below U+0020 (nor U+007F).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when the text has no control character (U+0000–U+001F, U+007F). */
export const hasNoControlCharacters = (value: string): boolean => !CONTROL_CHARACTERS.test(value);

/** True when the text's only control characters are line feeds, carriage returns and tabs. */
export const hasNoControlCharactersExceptLines = (value: string): boolean => !CONTROL_CHARACTERS_EXCEPT_LINES.test(value);

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
