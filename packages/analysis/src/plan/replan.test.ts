import { describe, expect, it } from 'vitest';
import { replanSeason } from './replan.ts';
import { buildSeasonPlan, type SeasonPlan, type SeasonPlanInput } from './season.ts';

const input: SeasonPlanInput = {
  today: '2027-01-04',
  ctl: 50,
  atl: 50,
  events: [
    { date: '2027-01-20', priority: 'C' },
    { date: '2027-04-25', priority: 'A' },
  ],
};

function built(i: SeasonPlanInput): SeasonPlan {
  const result = buildSeasonPlan(i);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

describe('re-planning from what was ridden', () => {
  const original = built(input);
  // Ridden as planned for three weeks, except the whole second week missed.
  const actual = original.days
    .slice(0, 21)
    .map((d, k) => ({ date: d.date, tss: k >= 7 && k < 14 ? 0 : d.tss }));

  it('starts from the real CTL: the PMC stepped through the actual TSS from the plan’s start', () => {
    const result = replanSeason({ plan: original, today: '2027-01-25', actual });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    // The PMC re-implemented: CTL += (TSS − CTL)(1 − e^(−1/42)), ATL with 7, from 50/50.
    let ctl = 50;
    let atl = 50;
    for (const a of actual) {
      ctl += (a.tss - ctl) * (1 - Math.exp(-1 / 42));
      atl += (a.tss - atl) * (1 - Math.exp(-1 / 7));
    }
    expect(result.plan.input.ctl).toBeCloseTo(ctl, 9);
    expect(result.plan.input.atl).toBeCloseTo(atl, 9);
    // A missed week leaves CTL below what the plan expected for that day.
    expect(ctl).toBeLessThan(original.days[20]!.ctl);
    expect(result.plan.startDate).toBe('2027-01-25');
    expect(result.plan.days[0]!.date).toBe('2027-01-25');
    expect(result.plan.days.at(-1)!.date).toBe('2027-04-25');
    // The past C event is dropped; the A event is still the goal, and raced fresh.
    expect(result.plan.input.events).toEqual([{ date: '2027-04-25', priority: 'A' }]);
    expect(result.plan.days.at(-1)!.tsb).toBeGreaterThan(0);
  });

  it('catches up without passing the ramp cap, measured against the real last seven days', () => {
    const result = replanSeason({ plan: original, today: '2027-01-25', actual });
    if (!result.ok) throw new Error('replan failed');
    const history = result.plan.input.ctlHistory!;
    expect(history).toHaveLength(7);
    const ctl = [...history, ...result.plan.days.map((d) => d.ctl)];
    for (let d = 7; d < ctl.length; d++) expect(ctl[d]! - ctl[d - 7]!).toBeLessThanOrEqual(8 + 1e-9);
    // The rest of the plan is rebuilt, not the old days replayed: a lower start gives lower loads.
    expect(result.plan.peakCtl).toBeLessThan(original.peakCtl);
  });

  it('refuses a date before the plan, and says when every A event is past', () => {
    expect(replanSeason({ plan: original, today: '2027-01-01', actual: [] })).toEqual({
      ok: false,
      issues: [{ code: 'invalidInput' }],
    });
    expect(replanSeason({ plan: original, today: '2027-04-26', actual: [] })).toEqual({
      ok: false,
      issues: [{ code: 'noAEvent' }],
    });
  });
});
