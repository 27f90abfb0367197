import fc from 'fast-check';
import { addMinutes } from 'date-fns';
import { torontoTime } from '../../shared/rules/week';

/*
 * Generators shared by the property and parity tests (issue 30, item 2): instants a Toronto rule can get wrong (the
 * nights of the March and November clock changes, Toronto midnights, the nights around a leap day), and dates of birth
 * on, just before and just after a birthday, Feb 29 included. Every instant is a plain Date (an instant: its zone is
 * never the machine's), every calendar date a 'YYYY-MM-DD' text.
 */

/**
 * fast-check's options for one property: `numRuns` cases, or FC_RUNS; FC_SEED and FC_PATH (printed by a failure)
 * replay a failing case. Failures shrink to a minimal case (FC_SHRINK=0 stops at the first one found).
 */
export function propertyOptions(numRuns: number): fc.Parameters<unknown> {
  const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
  const path = process.env.FC_PATH;
  return {
    numRuns: Number(process.env.FC_RUNS ?? numRuns),
    ...(seed !== undefined && { seed }),
    ...(path && { path }),
    endOnFailure: process.env.FC_SHRINK === '0',
  };
}

/** The years the generators draw from: past and future DST rules alike (Toronto's have not changed since 2007). */
export const YEARS = { min: 2008, max: 2035 } as const;

const year = fc.integer({ min: YEARS.min, max: YEARS.max });

/** The Sunday of Toronto's March change (second Sunday of March) or November change (first Sunday of November). */
export function dstChangeDay(y: number, change: 'march' | 'november'): { month: number; day: number } {
  const month = change === 'march' ? 3 : 11;
  const firstSunday = 1 + ((7 - new Date(Date.UTC(y, month - 1, 1)).getUTCDay()) % 7);
  return { month, day: change === 'march' ? firstSunday + 7 : firstSunday };
}

/**
 * An instant of a clock-change night in Toronto: from 23:00 on the Saturday to 04:00 (wall clock) on the Sunday,
 * minute by minute along the real timeline, so both 1:30s of a November night and no 2:30 of a March one. The
 * Saturday and Sunday of those weeks, and their midnight, are where a date or a week taken in the wrong zone shows.
 */
export const torontoDstNight: fc.Arbitrary<Date> = fc
  .record({ y: year, change: fc.constantFrom('march' as const, 'november' as const), minutes: fc.integer({ min: -60, max: 5 * 60 }) })
  .map(({ y, change, minutes }) => {
    const { month, day } = dstChangeDay(y, change);
    return addMinutes(new Date(torontoTime(y, month, day).getTime()), minutes);
  });

/** An instant within 90 minutes of a Toronto midnight, any day of the years above. */
export const torontoAroundMidnight: fc.Arbitrary<Date> = fc
  .record({ y: year, dayOfYear: fc.integer({ min: 0, max: 365 }), minutes: fc.integer({ min: -90, max: 90 }) })
  .map(({ y, dayOfYear, minutes }) => {
    const day = new Date(Date.UTC(y, 0, 1 + dayOfYear));
    return addMinutes(new Date(torontoTime(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()).getTime()), minutes);
  });

/** An instant of the evenings and nights from Feb 28 to Mar 1 (Toronto), leap years and others. */
export const torontoLeapNight: fc.Arbitrary<Date> = fc
  .record({ y: year, day: fc.constantFrom(28, 29), minutes: fc.integer({ min: -6 * 60, max: 6 * 60 }) })
  .map(({ y, day, minutes }) => addMinutes(new Date(torontoTime(y, 2, day, 23, 59).getTime()), minutes + 1));

/** Any instant of the years above, to the minute. */
export const anyInstant: fc.Arbitrary<Date> = fc
  .integer({ min: Date.UTC(YEARS.min, 0, 1) / 60_000, max: Date.UTC(YEARS.max, 11, 31) / 60_000 })
  .map((minute) => new Date(minute * 60_000));

/** Instants for a Toronto rule: mostly the ones above that catch a wrong zone, some anywhere. */
export const torontoInstant: fc.Arbitrary<Date> = fc.oneof(
  { arbitrary: torontoDstNight, weight: 4 },
  { arbitrary: torontoAroundMidnight, weight: 3 },
  { arbitrary: torontoLeapNight, weight: 2 },
  { arbitrary: anyInstant, weight: 1 },
);

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const dateKey = (utc: Date) => utc.toISOString().slice(0, 10);

/**
 * A date of birth for a child `years` old around the Toronto date `day` ('YYYY-MM-DD'): the birthday that day, the day
 * before or the day after (a year either side of the age), a Feb 29 birthday, or any day of those years. Never after
 * `day` (a date of birth is not in the future, and a session is).
 */
export function birthDateAround(day: string, years: number): fc.Arbitrary<string> {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const onBirthday = fc
    .record({ back: fc.integer({ min: years - 1, max: years + 1 }), shift: fc.integer({ min: -1, max: 1 }) })
    .map(({ back, shift }) => dateKey(new Date(Date.UTC(y - back, m - 1, d + shift))));
  const leapDay = fc.integer({ min: years - 2, max: years + 2 }).map((back) => {
    let leapYear = y - back;
    while (!isLeap(leapYear)) leapYear -= 1;
    return `${leapYear}-02-29`;
  });
  const anyDay = fc
    .integer({ min: 0, max: 366 * (years + 1) })
    .map((daysBack) => dateKey(new Date(Date.UTC(y, m - 1, d - daysBack))));
  return fc
    .oneof({ arbitrary: onBirthday, weight: 4 }, { arbitrary: leapDay, weight: 3 }, { arbitrary: anyDay, weight: 1 })
    .map((birth) => (birth > day ? day : birth));
}

/** An age bound near `years` (either side of it), or none. */
export const ageBoundNear = (years: number): fc.Arbitrary<number | null> =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.integer({ min: Math.max(0, years - 2), max: years + 2 }), weight: 3 });

/** A recorded sex, or none. */
export const childSex: fc.Arbitrary<'F' | 'M' | null> = fc.constantFrom('F' as const, 'M' as const, null);

/**
 * Characters where two spellings of a name meet or part: cased letters of many scripts (the Turkish İ and ı, ß and
 * ẞ, final sigma, titlecase digraphs), composed and decomposed accents, combining marks alone, full-width and other
 * compatibility forms (ligatures, circled and mathematical letters, Roman numerals), and white space of every kind.
 */
export const NAME_PIECES = [
  'A', 'a', 'I', 'i', 'İ', 'ı', 'i\u0307', 'I\u0307', 'ß', 'ẞ', 'ss', 'SS', 'Σ', 'σ', 'ς', 'ǅ', 'Ǆ', 'ǆ', 'ǈ', 'ﬁ', 'ﬃ', 'ſ', 'K', 'k', '\u212A',
  'Å', '\u212B', 'A\u030A', 'é', 'e\u0301', 'É', 'E\u0301', '\u0301', '\u0308', '\u0327', 'Ç', 'ç', 'Ñ', 'n\u0303', 'Ø', 'Ł', 'Đ', 'Ǳ',
  'Ａ', 'ｚ', 'Ｚ', 'ｱ', 'ｶﾞ', '①', 'Ⓜ', 'ⓜ', '𝐀', '𝔞', 'Ⅻ', 'ⅻ', '㎏', '℡', '½', 'ᴬ', 'ª', 'Ω', '\u2126', 'ω', 'Ά', 'ά', '\u1FBB',
  'Д', 'д', 'Ѐ', 'Ё', 'ё', 'Ա', 'ա', 'Ꭰ', 'ꭰ', 'Ⴀ', 'ⴀ', 'Ა', 'ა', '𐐀', '𐐨', '𞤀', '𞤢', 'Ɐ', 'Ꞵ', 'ꞵ', 'Ϊ', 'ΐ', 'ﬀ', 'Ĳ', 'ĳ',
  '가', '\u1100\u1161', 'が', 'か\u3099', '中', '\uF900', '\u{2F800}',
  ' ', '\t', '\n', '\u00A0', '\u1680', '\u2002', '\u200A', '\u2028', '\u202F', '\u205F', '\u3000', '\uFEFF', '\u200B', '\u0085', '-', "'", '.',
] as const;

/**
 * Code points every PostgreSQL the portal runs on (15 and later: Unicode 14 and later) and JavaScript (Unicode 17)
 * know alike: the Basic Multilingual Plane, and old supplementary blocks with case or compatibility forms (Deseret,
 * Osage, Old Hungarian, Warang Citi, Medefaidrin, Adlam, mathematical letters, enclosed letters, CJK compatibility).
 * Newer blocks are left out on purpose: a character PostgreSQL's Unicode does not know yet normalizes as itself there
 * (docs/development.md, "Parity tests").
 */
const OLD_ASTRAL_BLOCKS: ReadonlyArray<readonly [number, number]> = [
  [0x10400, 0x1044f],
  [0x104b0, 0x104ff],
  [0x10c80, 0x10cff],
  [0x118a0, 0x118ff],
  [0x16e40, 0x16e9f],
  [0x1e900, 0x1e95f],
  [0x1d400, 0x1d7ff],
  [0x1f100, 0x1f1ff],
  [0x2f800, 0x2fa1f],
];
const bmpCodePoint = fc.integer({ min: 0x20, max: 0xfffd }).filter((cp) => cp < 0xd800 || cp > 0xdfff);
const astralCodePoint = fc.constantFrom(...OLD_ASTRAL_BLOCKS).chain(([min, max]) => fc.integer({ min, max }));
export const nameCharacter: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NAME_PIECES), weight: 6 },
  { arbitrary: fc.constantFrom(...'AaBbEeIiMmOoZz'), weight: 2 },
  { arbitrary: bmpCodePoint.map((cp) => String.fromCodePoint(cp)), weight: 2 },
  { arbitrary: astralCodePoint.map((cp) => String.fromCodePoint(cp)), weight: 1 },
);

/** A name as a person (or a spreadsheet, or a CRM) might type it: up to 12 of the characters above. */
export const typedName: fc.Arbitrary<string> = fc.array(nameCharacter, { minLength: 0, maxLength: 12 }).map((chars) => chars.join(''));
