import { describe, expect, it } from 'vitest';
import { businessSettingOrDefault, DEFAULT_PLAN_LIMITS, planLimitsSchema } from '../schemas/settings';
import { planAllowance, sessionsAWeek, weeklyLimitOfPlan, withPlanLimit } from './plans';

describe('plans', () => {
  it('each tier gives its setting; the defaults are one, two and three sessions', () => {
    expect(DEFAULT_PLAN_LIMITS).toEqual({ ONE: 1, TWO: 2, THREE: 3 });
    expect(weeklyLimitOfPlan('THREE', { ONE: 1, TWO: 4, THREE: 6 })).toBe(6);
  });

  it('says what a plan gives, or only the tier while the settings are unknown', () => {
    expect(planAllowance('TWO', DEFAULT_PLAN_LIMITS)).toBe('Plan TWO · 2 sessions a week per child');
    expect(planAllowance('ONE', DEFAULT_PLAN_LIMITS)).toBe('Plan ONE · 1 session a week per child');
    expect(planAllowance('THREE', undefined)).toBe('Plan THREE');
    expect(sessionsAWeek(7)).toBe('7 sessions a week');
  });
});

describe('planLimitsSchema', () => {
  const problems = (value: unknown) => {
    const parsed = planLimitsSchema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('takes whole numbers from 1 to 7 for every tier', () => {
    expect(planLimitsSchema.parse({ ONE: 1, TWO: 7, THREE: 3 })).toEqual({ ONE: 1, TWO: 7, THREE: 3 });
  });

  it('refuses each wrong value, at its plan', () => {
    expect(problems({ ONE: 0, TWO: 8, THREE: 2.5 })).toEqual([
      'ONE: Weekly sessions per child must be at least 1',
      'TWO: Weekly sessions per child cannot exceed 7',
      'THREE: Weekly sessions per child must be a whole number from 1 to 7',
    ]);
    expect(problems({ ONE: '2', TWO: 2 })).toEqual([
      'ONE: Weekly sessions per child must be a whole number from 1 to 7',
      'THREE: Weekly sessions per child must be a whole number from 1 to 7',
    ]);
    expect(problems(null)).toEqual([': Plan limits must be an object of ONE, TWO and THREE']);
  });

  it('reads a stored value back, or the defaults when it does not fit', () => {
    expect(businessSettingOrDefault('plans', { ONE: 2, TWO: 3, THREE: 4 })).toEqual({ ONE: 2, TWO: 3, THREE: 4 });
    expect(businessSettingOrDefault('plans', undefined)).toEqual(DEFAULT_PLAN_LIMITS);
    expect(businessSettingOrDefault('plans', { ONE: 9 })).toEqual(DEFAULT_PLAN_LIMITS);
  });
});

describe('withPlanLimit (a plan set by the CRM or a CSV row)', () => {
  it('a new plan gives every child its limit, unless the change names one for the child', () => {
    const changes = [
      { position: 1, weeklyLimit: 5 },
      { position: 3, name: 'Mia' },
      { position: 4, name: 'Zoé', weeklyLimit: 1 },
    ];
    expect(withPlanLimit(changes, { limit: 3, current: [1, 2], planChanged: true })).toEqual([
      { position: 1, weeklyLimit: 5 },
      { position: 2, weeklyLimit: 3 },
      { position: 3, name: 'Mia', weeklyLimit: 3 },
      { position: 4, name: 'Zoé', weeklyLimit: 1 },
    ]);
  });

  it('the same plan again: only a child added gets it; the others keep theirs', () => {
    expect(withPlanLimit([{ position: 2, name: 'Leo' }, { position: 3, name: 'Mia' }], { limit: 2, current: [1, 2], planChanged: false })).toEqual([
      { position: 2, name: 'Leo' },
      { position: 3, name: 'Mia', weeklyLimit: 2 },
    ]);
  });

  it('a slot emptied stays empty', () => {
    expect(withPlanLimit([{ position: 2, name: null }, { position: 3, name: '  ' }], { limit: 2, current: [1, 2], planChanged: true })).toEqual([
      { position: 1, weeklyLimit: 2 },
      { position: 2, name: null },
      { position: 3, name: '  ' },
    ]);
  });
});
