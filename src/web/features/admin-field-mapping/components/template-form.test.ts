import { describe, expect, it } from 'vitest';
import { BUILT_IN_SAMPLE_PAYLOAD, listSourcePaths } from '../../../../shared/rules/field-mapping';
import type { TemplateDto } from '../../../../shared/schemas/field-mapping-templates';
import {
  authorName,
  fieldErrorsFromServer,
  formatTemplateDate,
  formValuesFromTemplate,
  guessTarget,
  isBadSourcePath,
  previewRequest,
  readSample,
  suggestRules,
  withRuleOrder,
  type RuleFormValues,
} from './template-form';

const template: TemplateDto = {
  id: 't1',
  name: 'CRM plan purchase',
  source: 'crm-plans',
  description: null,
  isActive: true,
  version: 3,
  samplePayload: null,
  rules: [
    { id: 'r2', sourcePath: 'plan.tier', targetPath: 'planTier', required: false, order: 1, transform: 'toUpper', notes: null },
    { id: 'r1', sourcePath: 'contact.email', targetPath: 'email', required: true, order: 0, transform: 'toLower', notes: 'key' },
    { id: 'r3', sourcePath: 'x', targetPath: 'somethingRetired', required: false, order: 2, transform: 'none', notes: null },
  ],
  createdBy: null,
  usedBy: [],
  createdAt: '2026-11-22T04:30:00.000Z',
  updatedAt: '2026-11-22T04:30:00.000Z',
};

const rule = (overrides: Partial<RuleFormValues>): RuleFormValues => ({ sourcePath: '', targetPath: '', required: false, transform: 'none', notes: '', ...overrides });

describe('formValuesFromTemplate', () => {
  it('puts the rules in their order, blanks nulls and leaves an unknown target unchosen', () => {
    const values = formValuesFromTemplate(template);
    expect(values.description).toBe('');
    expect(values.samplePayload).toBe('');
    expect(values.rules.map((r) => r.sourcePath)).toEqual(['contact.email', 'plan.tier', 'x']);
    expect(values.rules[0]).toEqual({ sourcePath: 'contact.email', targetPath: 'email', required: true, transform: 'toLower', notes: 'key' });
    expect(values.rules[2]!.targetPath).toBe('');
  });
});

describe('withRuleOrder', () => {
  it('numbers the rules in list order from 0', () => {
    const body = withRuleOrder({
      name: 'n',
      source: 's',
      description: null,
      isActive: true,
      samplePayload: null,
      rules: [
        { sourcePath: 'b', targetPath: 'email', required: false, transform: 'none', notes: null },
        { sourcePath: 'a', targetPath: 'firstName', required: false, transform: 'none', notes: null, order: 9 },
      ],
    });
    expect(body.rules.map((r) => r.order)).toEqual([0, 1]);
  });
});

describe('readSample', () => {
  it('tells blank, broken and valid JSON apart', () => {
    expect(readSample('  ')).toEqual({ kind: 'empty' });
    expect(readSample('{"a":')).toEqual({ kind: 'invalid' });
    expect(readSample('{"a":1}')).toEqual({ kind: 'valid', value: { a: 1 } });
  });
});

describe('previewRequest', () => {
  it('sends only complete rules, trimmed, with their place in the list', () => {
    const request = previewRequest('{"a":1}', [
      rule({ sourcePath: ' contact.email ', targetPath: 'email', required: true, transform: 'toLower' }),
      rule({ sourcePath: 'contact.firstName' }),
      rule({ sourcePath: 'bad path!', targetPath: 'lastName' }),
      rule({ sourcePath: 'plan.tier', targetPath: 'planTier' }),
    ]);
    expect(request.samplePayload).toBe('{"a":1}');
    expect(request.rules).toEqual([
      { sourcePath: 'contact.email', targetPath: 'email', required: true, transform: 'toLower', order: 0 },
      { sourcePath: 'plan.tier', targetPath: 'planTier', required: false, transform: 'none', order: 3 },
    ]);
  });
});

describe('isBadSourcePath', () => {
  it('accepts blank and valid paths only', () => {
    expect(isBadSourcePath('')).toBe(false);
    expect(isBadSourcePath('children[0].name')).toBe(false);
    expect(isBadSourcePath('contact..email')).toBe(true);
  });
});

describe('list formatting', () => {
  it('writes Toronto dates and author names', () => {
    // 04:30 UTC on Nov 22 is still Nov 21 in Toronto.
    expect(formatTemplateDate('2026-11-22T04:30:00.000Z')).toBe('Nov 21, 2026');
    expect(authorName(null)).toBe('—');
    expect(authorName({ firstName: 'Adam', lastName: 'Archer' })).toBe('Adam Archer');
  });
});

describe('fieldErrorsFromServer', () => {
  it('keeps the first message for each editor field and drops the rest', () => {
    expect(
      fieldErrorsFromServer([
        { field: 'name', message: 'Name is required' },
        { field: 'name', message: 'again' },
        { field: 'rules.1.sourcePath', message: 'bad path' },
        { field: 'body', message: 'whole body' },
      ]),
    ).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'rules.1.sourcePath', message: 'bad path' },
    ]);
  });
});

describe('suggestRules', () => {
  it('guesses targets for the built-in sample, children by their place, and skips targets already filled', () => {
    const paths = listSourcePaths(BUILT_IN_SAMPLE_PAYLOAD);
    const rules = suggestRules(paths, [rule({ sourcePath: 'contact.firstName', targetPath: 'firstName' })], 50);
    expect(rules.map((r) => [r.sourcePath, r.targetPath])).toEqual([
      ['contact.id', 'crmUserId'],
      ['contact.email', 'email'],
      ['contact.lastName', 'lastName'],
      ['plan.tier', 'planTier'],
      ['plan.sessionsPerWeek', 'weeklyLimit'],
      ['children[0].name', 'firstChildName'],
      ['children[0].weeklyLimit', 'firstChildWeeklyLimit'],
      ['children[1].name', 'secondChildName'],
      ['children[1].weeklyLimit', 'secondChildWeeklyLimit'],
    ]);
    expect(rules[1]).toMatchObject({ required: true, transform: 'toLower' });
    expect(suggestRules(paths, [], 2)).toHaveLength(2);
  });
  it('leaves unclear fields alone', () => {
    expect(guessTarget('event')).toBeNull();
    expect(guessTarget('children[4].name')).toBeNull();
    expect(guessTarget('order.id')).toBeNull();
    expect(guessTarget('customer.id')).toBe('crmUserId');
    // Issue 22: a child's date of birth and sex.
    expect(guessTarget('children[0].birthDate')).toBe('firstChildBirthDate');
    expect(guessTarget('kids[1].date_of_birth')).toBe('secondChildBirthDate');
    expect(guessTarget('children[2].gender')).toBe('thirdChildSex');
  });
});
