import { describe, expect, it } from 'vitest';
import {
  applyTransform,
  BUILT_IN_SAMPLE_PAYLOAD,
  DEFAULT_FIELD_MAPPINGS,
  DEFAULT_FIELD_MAPPINGS_TEXT,
  listSourcePaths,
  mapPayload,
  type MappingRule,
  parseFieldMappings,
  parseSourcePath,
  readPath,
  SOURCE_PATH_MESSAGE,
  TARGET_FIELDS,
} from './field-mapping';

/** A rule with the defaults a template editor starts from. */
const rule = (sourcePath: string, targetPath: MappingRule['targetPath'], extra: Partial<MappingRule> = {}): MappingRule => ({
  sourcePath,
  targetPath,
  required: false,
  transform: 'none',
  ...extra,
});
/** Maps one value onto one target field. */
const mapOne = (targetPath: MappingRule['targetPath'], value: unknown) => mapPayload({ value }, [rule('value', targetPath)]);

describe('parseSourcePath', () => {
  it('splits keys and array indexes into tokens', () => {
    expect(parseSourcePath('email')).toEqual(['email']);
    expect(parseSourcePath('contact.email')).toEqual(['contact', 'email']);
    expect(parseSourcePath('children[0].name')).toEqual(['children', 0, 'name']);
    expect(parseSourcePath('plan.tiers[1]')).toEqual(['plan', 'tiers', 1]);
    expect(parseSourcePath('grid[2][10].v')).toEqual(['grid', 2, 10, 'v']);
    expect(parseSourcePath('$meta.crm_id.x-y')).toEqual(['$meta', 'crm_id', 'x-y']);
  });

  it.each(['', '.email', 'contact.', 'contact..email', 'children[]', 'children[-1]', 'children[a]', '[0]', 'con tact', 'a.b c', 'a/b', 'a[0', 'a]0[', 'é'])(
    'refuses %j',
    (path) => {
      expect(parseSourcePath(path)).toBeNull();
    },
  );

  it('refuses paths longer than 200 characters and indexes longer than six digits', () => {
    expect(parseSourcePath('a'.repeat(200))).toEqual(['a'.repeat(200)]);
    expect(parseSourcePath('a'.repeat(201))).toBeNull();
    expect(parseSourcePath('list[999999]')).toEqual(['list', 999999]);
    expect(parseSourcePath('list[1000000]')).toBeNull();
  });
});

describe('readPath', () => {
  const payload = {
    contact: { email: 'a@example.com', tags: ['x', 'y'], empty: null },
    children: [{ name: 'Maya' }, { name: 'Leo' }],
    zero: 0,
    no: false,
  };

  it('follows keys and indexes', () => {
    expect(readPath(payload, 'contact.email')).toBe('a@example.com');
    expect(readPath(payload, 'children[1].name')).toBe('Leo');
    expect(readPath(payload, 'contact.tags[0]')).toBe('x');
    expect(readPath(payload, 'contact')).toEqual(payload.contact);
    expect(readPath(payload, 'zero')).toBe(0);
    expect(readPath(payload, 'no')).toBe(false);
    expect(readPath(payload, 'contact.empty')).toBeNull();
  });

  it('finds nothing for a missing step, an index out of range or a wrong kind of value', () => {
    expect(readPath(payload, 'contact.phone')).toBeUndefined();
    expect(readPath(payload, 'children[2].name')).toBeUndefined();
    expect(readPath(payload, 'contact.tags[5]')).toBeUndefined();
    expect(readPath(payload, 'contact[0]')).toBeUndefined(); // an object is not a list
    expect(readPath(payload, 'children.name')).toBeUndefined(); // a list has no keys
    expect(readPath(payload, 'contact.empty.x')).toBeUndefined();
    expect(readPath(payload, 'contact.email.length')).toBeUndefined(); // text has no keys
    expect(readPath(payload, 'children.length')).toBeUndefined();
    expect(readPath(null, 'a')).toBeUndefined();
    expect(readPath('text', 'length')).toBeUndefined();
    expect(readPath(payload, 'not a path')).toBeUndefined();
  });

  it('reads own properties only: nothing inherited from the prototype', () => {
    expect(readPath({}, '__proto__')).toBeUndefined();
    expect(readPath({}, 'constructor')).toBeUndefined();
    expect(readPath({ a: {} }, 'a.constructor.name')).toBeUndefined();
    expect(readPath({ a: {} }, 'a.__proto__.toString')).toBeUndefined();
    expect(readPath({ a: {} }, 'a.hasOwnProperty')).toBeUndefined();
    expect(readPath([], 'constructor')).toBeUndefined();
    // A key the payload really has is read as data, even with such a name.
    const parsed = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": "crm"}');
    expect(readPath(parsed, '__proto__.polluted')).toBe('yes');
    expect(readPath(parsed, 'constructor')).toBe('crm');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('applyTransform', () => {
  it('changes text only', () => {
    expect(applyTransform('  Mixed Case  ', 'trim')).toBe('Mixed Case');
    expect(applyTransform('  Mixed Case  ', 'toLower')).toBe('  mixed case  ');
    expect(applyTransform('  Mixed Case  ', 'toUpper')).toBe('  MIXED CASE  ');
    expect(applyTransform('  Mixed Case  ', 'none')).toBe('  Mixed Case  ');
    for (const value of [3, true, null, undefined, { a: 1 }]) {
      expect(applyTransform(value, 'toUpper')).toBe(value);
      expect(applyTransform(value, 'trim')).toBe(value);
    }
  });
});

describe('mapPayload', () => {
  it('maps rules in their order, with transforms, and reports nothing when all is well', () => {
    const result = mapPayload({ c: { first: '  jordan ', last: 'RIVERA', mail: 'Jordan@Example.COM' }, tier: 'two' }, [
      rule('c.first', 'firstName', { transform: 'trim' }),
      rule('c.last', 'lastName', { transform: 'toLower' }),
      rule('c.mail', 'email'),
      rule('tier', 'planTier', { transform: 'toUpper' }),
    ]);
    expect(result).toEqual({
      data: { firstName: 'jordan', lastName: 'rivera', email: 'jordan@example.com', planTier: 'TWO' },
      missing: [],
      errors: [],
    });
    expect(Object.keys(result.data)).toEqual(['firstName', 'lastName', 'email', 'planTier']);
  });

  it('applies rules by their order (not their place in the list), ties kept in list order', () => {
    const payload = { a: 'From A', b: 'From B', c: 'From C' };
    const rules = [rule('a', 'firstName', { order: 2 }), rule('b', 'firstName', { order: 1 }), rule('c', 'lastName', { order: 0 })];
    const result = mapPayload(payload, rules);
    expect(result.data).toEqual({ lastName: 'From C', firstName: 'From B' });
    expect(Object.keys(result.data)).toEqual(['lastName', 'firstName']);
    // Absent order means the list index; equal orders keep the list order.
    expect(mapPayload(payload, [rule('a', 'firstName', { order: 2 }), rule('b', 'firstName')]).data.firstName).toBe('From B');
    expect(mapPayload(payload, [rule('a', 'firstName', { order: 1 }), rule('b', 'firstName')]).data.firstName).toBe('From A');
    expect(mapPayload(payload, [rule('a', 'firstName', { order: 1 }), rule('b', 'firstName', { order: 1 })]).data.firstName).toBe('From A');
  });

  it('lets the first rule with a value win when two rules name one target', () => {
    const rules = [rule('primary', 'email'), rule('secondary', 'email')];
    expect(mapPayload({ primary: 'one@example.com', secondary: 'two@example.com' }, rules).data.email).toBe('one@example.com');
    expect(mapPayload({ secondary: 'two@example.com' }, rules).data.email).toBe('two@example.com');
    expect(mapPayload({ primary: '   ', secondary: 'two@example.com' }, rules).data.email).toBe('two@example.com');
    expect(mapPayload({ primary: null, secondary: 'two@example.com' }, rules).data.email).toBe('two@example.com');
  });

  it('names the required fields that are missing or blank, and leaves optional ones out quietly', () => {
    const rules = [
      rule('contact.email', 'email', { required: true }),
      rule('contact.first', 'firstName', { required: true }),
      rule('contact.last', 'lastName', { required: true }),
      rule('contact.notes', 'notes'),
    ];
    const result = mapPayload({ contact: { first: '   ', last: 'Rivera', notes: null } }, rules);
    expect(result.missing).toEqual(['email', 'firstName']);
    expect(result.errors).toEqual(['Missing required fields: email, firstName']);
    expect(result.data).toEqual({ lastName: 'Rivera' });
  });

  it('does not count a required target as missing when a later rule fills it', () => {
    const result = mapPayload({ backup: 'b@example.com' }, [rule('main', 'email', { required: true }), rule('backup', 'email')]);
    expect(result).toEqual({ data: { email: 'b@example.com' }, missing: [], errors: [] });
  });

  it('lists missing fields first, then each invalid value, and leaves invalid fields out', () => {
    const result = mapPayload({ tier: 'gold', mail: 'not-an-address' }, [
      rule('tier', 'planTier'),
      rule('mail', 'email'),
      rule('first', 'firstName', { required: true }),
    ]);
    expect(result.errors).toEqual(['Missing required fields: firstName', 'planTier must be ONE, TWO or THREE', 'email must be a valid email address']);
    expect(result.data).toEqual({});
  });

  it('coerces weekly limits to whole numbers from 1 to 7', () => {
    expect(mapOne('weeklyLimit', '3').data.weeklyLimit).toBe(3);
    expect(mapOne('firstChildWeeklyLimit', 7).data.firstChildWeeklyLimit).toBe(7);
    expect(mapOne('secondChildWeeklyLimit', ' 1 ').data.secondChildWeeklyLimit).toBe(1);
    const limitMessage = (field: string) => [`${field} must be a whole number from 1 to 7`];
    expect(mapOne('weeklyLimit', 9).errors).toEqual(limitMessage('weeklyLimit'));
    expect(mapOne('weeklyLimit', '0').errors).toEqual(limitMessage('weeklyLimit'));
    expect(mapOne('weeklyLimit', 2.5).errors).toEqual(limitMessage('weeklyLimit'));
    expect(mapOne('weeklyLimit', 'three').errors).toEqual(limitMessage('weeklyLimit'));
    expect(mapOne('thirdChildWeeklyLimit', true).errors).toEqual(limitMessage('thirdChildWeeklyLimit'));
    expect(mapOne('weeklyLimit', 9).data).toEqual({});
  });

  it("takes a child's date of birth as a real YYYY-MM-DD in the past, and a sex as F/M, female/male or girl/boy (issue 22)", () => {
    expect(mapOne('firstChildBirthDate', ' 2016-05-04 ').data).toEqual({ firstChildBirthDate: '2016-05-04' });
    expect(mapOne('secondChildBirthDate', '2016-02-30').errors).toEqual([
      'secondChildBirthDate: Date of birth must be a real date in the past (YYYY-MM-DD)',
    ]);
    expect(mapOne('secondChildBirthDate', '1990-01-01').errors).toEqual(['secondChildBirthDate: Date of birth cannot be more than 25 years ago']);
    expect(mapOne('thirdChildSex', 'Girl').data).toEqual({ thirdChildSex: 'F' });
    expect(mapOne('thirdChildSex', 'MALE').data).toEqual({ thirdChildSex: 'M' });
    expect(mapOne('fourthChildSex', 'unknown').errors).toEqual(['fourthChildSex must be F or M (or female/male, girl/boy)']);
    expect(mapOne('fourthChildSex', true).errors).toEqual(['fourthChildSex must be F or M (or female/male, girl/boy)']);
  });

  it('reads isActive from true/false and the usual words', () => {
    for (const value of [true, 'yes', 'Y', 'true', ' TRUE ', '1', 1, 'active']) expect(mapOne('isActive', value).data.isActive).toBe(true);
    for (const value of [false, 'false', 'no', 'N', '0', 0, 'inactive']) expect(mapOne('isActive', value).data.isActive).toBe(false);
    expect(mapOne('isActive', 'maybe').errors).toEqual(['isActive must be true or false']);
    expect(mapOne('isActive', 2).errors).toEqual(['isActive must be true or false']);
  });

  it('lower-cases email addresses and refuses invalid ones', () => {
    expect(mapOne('email', '  Jordan.Rivera@Example.COM ').data.email).toBe('jordan.rivera@example.com');
    expect(mapOne('email', 'jordan@').errors).toEqual(['email must be a valid email address']);
    expect(mapOne('email', 'x'.repeat(250) + '@example.com').errors).toEqual(['email cannot exceed 254 characters']);
  });

  it('upper-cases plan tiers and refuses unknown ones', () => {
    expect(mapOne('planTier', 'three').data.planTier).toBe('THREE');
    expect(mapOne('planTier', 'FOUR').errors).toEqual(['planTier must be ONE, TWO or THREE']);
  });

  it('trims text, turns numbers into text, and enforces lengths', () => {
    expect(mapOne('firstName', '  Maya ').data.firstName).toBe('Maya');
    expect(mapOne('crmUserId', 10001).data.crmUserId).toBe('10001');
    expect(mapOne('firstName', 'x'.repeat(101)).errors).toEqual(['firstName cannot exceed 100 characters']);
    expect(mapOne('password', 'short').errors).toEqual(['password must be at least 6 characters']);
    expect(mapOne('password', ' secret-pass ').data.password).toBe(' secret-pass ');
  });

  it('reads createdAt and updatedAt as ISO 8601 or Unix time, the same in every server time zone', () => {
    expect(mapOne('createdAt', '2026-11-16T14:30:00.000Z').data.createdAt).toBe('2026-11-16T14:30:00.000Z');
    expect(mapOne('createdAt', '2026-11-16T09:30:00-05:00').data.createdAt).toBe('2026-11-16T14:30:00.000Z');
    expect(mapOne('createdAt', '2026-11-16T20:00:00+0530').data.createdAt).toBe('2026-11-16T14:30:00.000Z');
    expect(mapOne('updatedAt', 1_763_303_400).data.updatedAt).toBe('2025-11-16T14:30:00.000Z'); // Unix seconds
    expect(mapOne('updatedAt', '1763303400').data.updatedAt).toBe('2025-11-16T14:30:00.000Z'); // as text
    expect(mapOne('updatedAt', 1_763_303_400_123).data.updatedAt).toBe('2025-11-16T14:30:00.123Z'); // milliseconds
    // Without an offset, a time is the business's (Toronto) wall-clock time, never the server's zone.
    expect(mapOne('createdAt', '2026-11-16T09:30').data.createdAt).toBe('2026-11-16T14:30:00.000Z');
    expect(mapOne('createdAt', '2026-07-16 10:30:15').data.createdAt).toBe('2026-07-16T14:30:15.000Z');
    expect(mapOne('createdAt', '2026-11-16').data.createdAt).toBe('2026-11-16T05:00:00.000Z');
    expect(mapOne('createdAt', 'Mon, 16 Nov 2026 14:30:00 GMT').data.createdAt).toBe('2026-11-16T14:30:00.000Z');
    const dateMessage = ['createdAt must be a date and time (ISO 8601 or Unix time)'];
    expect(mapOne('createdAt', 'next tuesday').errors).toEqual(dateMessage);
    expect(mapOne('createdAt', '2026-02-30').errors).toEqual(dateMessage);
    expect(mapOne('createdAt', 'November 16, 2026 10:00').errors).toEqual(dateMessage); // would be read in the server's zone
    expect(mapOne('createdAt', true).errors).toEqual(dateMessage);
  });

  it('refuses lists and objects for any target field', () => {
    expect(mapOne('firstName', { first: 'Maya' }).errors).toEqual(['firstName must be a text, number or true/false value, not a list or an object']);
    expect(mapOne('planTier', ['ONE']).errors).toEqual(['planTier must be a text, number or true/false value, not a list or an object']);
    expect(mapOne('isActive', {}).errors).toEqual(['isActive must be a text, number or true/false value, not a list or an object']);
    expect(mapOne('firstName', { first: 'Maya' }).data).toEqual({});
  });

  it('maps nothing from a payload that is not an object', () => {
    const rules = [rule('email', 'email', { required: true })];
    for (const payload of [null, [], 'text', 42]) expect(mapPayload(payload, rules)).toEqual({ data: {}, missing: ['email'], errors: ['Missing required fields: email'] });
  });
});

describe('parseFieldMappings', () => {
  it('reads a JSON object of target field to source path, in its order, none required, no transform', () => {
    expect(parseFieldMappings('{"email": " contact.email ", "firstChildName": "children[0].name"}')).toEqual({
      rules: [
        { sourcePath: 'contact.email', targetPath: 'email', required: false, transform: 'none' },
        { sourcePath: 'children[0].name', targetPath: 'firstChildName', required: false, transform: 'none' },
      ],
      errors: [],
    });
  });

  it('explains what is wrong', () => {
    expect(parseFieldMappings('{email: contact.email}')).toEqual({ rules: [], errors: ['Field mappings must be valid JSON'] });
    expect(parseFieldMappings('')).toEqual({ rules: [], errors: ['Field mappings must be valid JSON'] });
    const notObject = ['Field mappings must be a JSON object of target field to source path, like {"email": "contact.email"}'];
    expect(parseFieldMappings('["email"]').errors).toEqual(notObject);
    expect(parseFieldMappings('null').errors).toEqual(notObject);
    expect(parseFieldMappings('"email"').errors).toEqual(notObject);
    expect(parseFieldMappings('{}')).toEqual({ rules: [], errors: ['Field mappings must map at least one field'] });
    const mixed = parseFieldMappings('{"fax": "contact.fax", "email": "contact..email", "lastName": 3, "firstName": "contact.firstName"}');
    expect(mixed.errors).toEqual([
      `Unknown target field "fax"; use one of ${TARGET_FIELDS.join(', ')}`,
      `email: ${SOURCE_PATH_MESSAGE}`,
      `lastName: ${SOURCE_PATH_MESSAGE}`,
    ]);
    expect(mixed.rules.map((r) => r.targetPath)).toEqual(['firstName']);
    expect(parseFieldMappings('{"__proto__": "contact.email"}').errors).toEqual([`Unknown target field "__proto__"; use one of ${TARGET_FIELDS.join(', ')}`]);
  });
});

describe('listSourcePaths', () => {
  it('lists every leaf in document order with a short example, the first items of each list only', () => {
    const paths = listSourcePaths({ a: { b: 'x', c: [1, 2, 3, 4, 5, 6] }, d: null, e: true, 'bad key': 1, long: 'y'.repeat(60), empty: {} });
    expect(paths.map((p) => p.path)).toEqual(['a.b', 'a.c[0]', 'a.c[1]', 'a.c[2]', 'a.c[3]', 'd', 'e', 'long']);
    expect(paths.find((p) => p.path === 'd')?.example).toBe('null');
    expect(paths.find((p) => p.path === 'e')?.example).toBe('true');
    expect(paths.find((p) => p.path === 'long')?.example).toBe(`${'y'.repeat(39)}…`);
    for (const { path } of paths) expect(parseSourcePath(path)).not.toBeNull();
  });

  it('honours the array and path limits', () => {
    const sample = { list: Array.from({ length: 10 }, (_, i) => ({ v: i })) };
    expect(listSourcePaths(sample, { maxArrayItems: 2 }).map((p) => p.path)).toEqual(['list[0].v', 'list[1].v']);
    const wide = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    expect(listSourcePaths(wide)).toHaveLength(300);
    expect(listSourcePaths(wide, { maxPaths: 5 }).map((p) => p.path)).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
    expect(listSourcePaths('just text')).toEqual([]);
  });
});

describe('the defaults', () => {
  it('DEFAULT_FIELD_MAPPINGS applied to BUILT_IN_SAMPLE_PAYLOAD gives the five default fields', () => {
    const { rules, errors } = parseFieldMappings(DEFAULT_FIELD_MAPPINGS_TEXT);
    expect(errors).toEqual([]);
    expect(rules.map((r) => r.targetPath)).toEqual(Object.keys(DEFAULT_FIELD_MAPPINGS));
    expect(mapPayload(BUILT_IN_SAMPLE_PAYLOAD, rules)).toEqual({
      data: { email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', planTier: 'TWO', crmUserId: 'crm-10001' },
      missing: [],
      errors: [],
    });
  });
});

describe('mapped texts refuse control characters (issue 11)', () => {
  it('reports a name with a control character instead of storing it', () => {
    const result = mapOne('firstName', 'Be\u0007ll');
    expect(JSON.stringify(result)).toContain('contains characters that are not allowed');
    expect(JSON.stringify(mapOne('firstName', 'Bell'))).not.toContain('not allowed');
  });
});
