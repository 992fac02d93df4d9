import { describe, expect, it } from 'vitest';
import { buildSeasonPlan } from './season.ts';
import { weeklyCompliance } from './weekly-compliance.ts';

describe('weekly compliance', () => {
  const result = buildSeasonPlan({
    today: '2027-01-04',
    ctl: 50,
    atl: 50,
    events: [{ date: '2027-04-25', priority: 'A' }],
  });
  if (!result.ok) throw new Error('plan failed');
  const plan = result.plan;

  it('compares planned and ridden TSS per week, up to yesterday', () => {
    // Week 0 ridden at 80 % of every day; week 1 ridden through Wednesday exactly as planned.
    const actual = [
      ...plan.days.slice(0, 7).map((d) => ({ date: d.date, tss: d.tss * 0.8 })),
      ...plan.days.slice(7, 10).map((d) => ({ date: d.date, tss: d.tss })),
    ];
    const weeks = weeklyCompliance({ plan, today: '2027-01-14', actual });
    expect(weeks).toHaveLength(2);
    expect(weeks[0]!.ratio).toBeCloseTo(0.8, 12);
    expect(weeks[0]!.score).toBeCloseTo(80, 9);
    expect(weeks[0]!.partial).toBe(false);
    // 14 January is Thursday: Monday–Wednesday of week 1 count.
    const planned = plan.days.slice(7, 10).reduce((s, d) => s + d.tss, 0);
    expect(weeks[1]).toMatchObject({
      plannedTss: planned,
      actualTss: planned,
      ratio: 1,
      score: 100,
      partial: true,
    });
  });

  it('a missed week scores 0; more than twice the plan too', () => {
    const weeks = weeklyCompliance({ plan, today: '2027-01-11', actual: [] });
    expect(weeks[0]).toMatchObject({ actualTss: 0, ratio: 0, score: 0 });
    const over = weeklyCompliance({
      plan,
      today: '2027-01-11',
      actual: plan.days.slice(0, 7).map((d) => ({ date: d.date, tss: d.tss * 2.5 })),
    });
    expect(over[0]!.score).toBe(0);
  });
});
