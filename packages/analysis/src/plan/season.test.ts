import { describe, expect, it } from 'vitest';
import { buildSeasonPlan, type SeasonPlan, type SeasonPlanInput } from './season.ts';

function plan(input: SeasonPlanInput): SeasonPlan {
  const result = buildSeasonPlan(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

// Monday 4 January 2027 to an A event on Sunday 25 April 2027: 112 days, exactly 16 weeks.
const base: SeasonPlanInput = {
  today: '2027-01-04',
  ctl: 50,
  atl: 50,
  events: [{ date: '2027-04-25', priority: 'A' }],
};

/** The PMC re-implemented here: CTL += (TSS − CTL)·(1 − e^(−1/42)), ATL likewise with 7. */
function pmc(tss: number[], ctl0: number, atl0: number) {
  const kc = 1 - Math.exp(-1 / 42);
  const ka = 1 - Math.exp(-1 / 7);
  let ctl = ctl0;
  let atl = atl0;
  return tss.map((t) => {
    const tsb = ctl - atl;
    ctl += (t - ctl) * kc;
    atl += (t - atl) * ka;
    return { ctl, atl, tsb };
  });
}

/** Largest CTL_d − CTL_{d−7} over the plan, CTL before the start from the history (flat by default). */
function maxRamp(p: SeasonPlan, ctl0: number, history: number[] = new Array(7).fill(ctl0)): number {
  const ctl = [...history, ...p.days.map((d) => d.ctl)];
  let max = Number.NEGATIVE_INFINITY;
  for (let d = 7; d < ctl.length; d++) max = Math.max(max, ctl[d]! - ctl[d - 7]!);
  return max;
}

describe('season planner: structure (Friel)', () => {
  const p = plan(base);

  it('counts weeks back from the race: race, taper, then 3 load weeks and a recovery week', () => {
    expect(p.days).toHaveLength(112);
    expect(p.weeks).toHaveLength(16);
    expect(p.weeks.map((w) => w.kind)).toEqual([
      'load',
      'load',
      'recovery',
      'load',
      'load',
      'load',
      'recovery',
      'load',
      'load',
      'load',
      'recovery',
      'load',
      'load',
      'load',
      'taper',
      'race',
    ]);
    // Back from the taper: weeks 1–2 peak, 3–10 build, 11+ base (Friel's 1–2 peak, 8 build weeks).
    expect(p.weeks.map((w) => w.phase)).toEqual([
      'base',
      'base',
      'recovery',
      'base',
      'build',
      'build',
      'recovery',
      'build',
      'build',
      'build',
      'recovery',
      'build',
      'peak',
      'peak',
      'taper',
      'race',
    ]);
    expect(p.weeks[15]).toMatchObject({ startDate: '2027-04-19', endDate: '2027-04-25' });
    expect(p.days.at(-1)).toMatchObject({ date: '2027-04-25', purpose: 'race', tss: 100 });
  });

  it('puts a recovery week every 4th week at 55 % of the week before (whole-TSS days rounded down)', () => {
    for (const w of p.weeks.filter((x) => x.kind === 'recovery')) {
      const previous = p.weeks[w.index - 1]!;
      expect(previous.kind).toBe('load');
      expect(w.plannedTss).toBeLessThanOrEqual(0.55 * previous.plannedTss);
      expect(w.plannedTss).toBeGreaterThan(0.55 * previous.plannedTss - 7);
      expect(w.ctlChange).toBeLessThan(0);
    }
    // 2:1 blocks on request: recovery every 3rd week back from the taper.
    const twoOne = plan({ ...base, loadWeeksPerBlock: 2 });
    const back = twoOne.weeks
      .slice(0, 14)
      .reverse()
      .map((w) => w.kind);
    expect(back).toEqual(back.map((_, j) => ((j + 1) % 3 === 0 ? 'recovery' : 'load')));
  });

  it('rests on non-training days: default Tuesday to Sunday, or the rider’s own', () => {
    // 4 January 2027 is a Monday.
    expect(
      p.days.filter((d) => new Date(`${d.date}T00:00Z`).getUTCDay() === 1).every((d) => d.tss === 0),
    ).toBe(true);
    const three = plan({ ...base, trainingWeekdays: [2, 4, 6] });
    for (const d of three.days) {
      const weekday = new Date(`${d.date}T00:00Z`).getUTCDay();
      if (d.purpose !== 'race' && ![2, 4, 6].includes(weekday)) expect(d.tss).toBe(0);
    }
  });

  it('names a library session for each training day', () => {
    for (const d of p.days) if (d.tss > 0 && d.purpose !== 'race') expect(d.workoutId).toBeDefined();
  });
});

describe('season planner: load rules', () => {
  it('projects CTL/ATL/TSB with the PMC recurrence', () => {
    const p = plan(base);
    const expected = pmc(
      p.days.map((d) => d.tss),
      50,
      50,
    );
    p.days.forEach((d, k) => {
      expect(d.ctl).toBeCloseTo(expected[k]!.ctl, 9);
      expect(d.atl).toBeCloseTo(expected[k]!.atl, 9);
      expect(d.tsb).toBeCloseTo(expected[k]!.tsb, 9);
    });
  });

  it('ramps a load week by the planned 5 CTL (less under 7·(1 − e^(−1/42)) for rounding)', () => {
    const p = plan(base);
    // Weeks 0 and 1 start from a flat history and are not clamped.
    for (const w of p.weeks.slice(0, 2)) {
      expect(w.ctlChange).toBeLessThanOrEqual(5 + 1e-9);
      expect(w.ctlChange).toBeGreaterThan(5 - 7 * (1 - Math.exp(-1 / 42)));
    }
  });

  it('never lets the 7-day CTL ramp pass the cap, even when the plan asks for the cap itself', () => {
    for (const cap of [5, 8]) {
      const p = plan({ ...base, rampPerWeek: cap, maxRampPerWeek: cap, ctl: 30, atl: 30 });
      expect(maxRamp(p, 30)).toBeLessThanOrEqual(cap + 1e-9);
      // The cap binds: some window sits right at it.
      expect(maxRamp(p, 30)).toBeGreaterThan(cap - 0.2);
    }
    // A rider whose CTL rose 5 over the last week, training every day: the first days must hold back.
    const history = [45, 46, 47, 48, 49, 49.5, 50];
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    const rising = plan({
      ...base,
      rampPerWeek: 5,
      maxRampPerWeek: 5,
      ctlHistory: history,
      trainingWeekdays: everyDay,
    });
    expect(maxRamp(rising, 50, history)).toBeLessThanOrEqual(5 + 1e-9);
    // Day 0 may take CTL from 50 to 45 + 5 = 50 at most: x ≤ (50 − 50·e^(−1/42))/(1 − e^(−1/42)) = 50 TSS.
    // (Rounded down; floating point may put the bound a hair under 50.)
    expect(rising.days[0]!.tss).toBeLessThanOrEqual(50);
    expect(rising.days[0]!.tss).toBeGreaterThanOrEqual(49);
    expect(buildSeasonPlan({ ...base, maxRampPerWeek: 10 })).toEqual({
      ok: false,
      issues: [{ code: 'invalidInput' }],
    });
  });

  it('caps weekly TSS at weekly hours · 60', () => {
    const p = plan({ ...base, weeklyHours: 6 });
    for (const w of p.weeks) if (w.kind === 'load') expect(w.plannedTss).toBeLessThanOrEqual(360);
  });

  it('keeps a training day at or under 6 h · 60 = 360 TSS, and says when few days cannot hold the load', () => {
    const p = plan({ ...base, ctl: 100, atl: 100, trainingWeekdays: [2, 4, 6] });
    expect(Math.max(...p.days.filter((d) => d.purpose !== 'race').map((d) => d.tss))).toBeLessThanOrEqual(
      360,
    );
    expect(p.issues).toContainEqual({ code: 'dayLoadCapped', values: { tss: 360 } });
    expect(plan(base).issues).toEqual([]);
  });

  it('holds a target CTL once reached, and says when it cannot be reached', () => {
    const p = plan({ ...base, targetCtl: 60 });
    expect(p.peakCtl).toBeLessThan(61);
    expect(p.issues).toEqual([]);
    const far = plan({ ...base, targetCtl: 150 });
    expect(far.issues).toEqual([{ code: 'targetCtlUnreachable', values: { ctl: Math.floor(far.peakCtl) } }]);
  });
});

describe('season planner: taper (Mujika & Padilla 2003, Bosquet et al. 2007)', () => {
  const p = plan(base);
  const race = p.days.at(-1)!;

  it('reaches race day fresh: TSB positive, near +15, inside +5…+25', () => {
    expect(race.tsb).toBeGreaterThan(5);
    expect(race.tsb).toBeLessThan(25);
    expect(Math.abs(race.tsb - 15)).toBeLessThan(3);
    // TSB on race day is CTL − ATL at the end of the day before.
    const eve = p.days.at(-2)!;
    expect(race.tsb).toBeCloseTo(eve.ctl - eve.atl, 9);
    expect(p.events).toEqual([{ eventIndex: 0, ctl: race.ctl, tsb: race.tsb }]);
  });

  it('cuts volume 41–60 % over the two taper weeks and keeps intensity', () => {
    const lastLoad = p.weeks[13]!;
    const taperDays = p.days.filter((d) => d.weekIndex >= 14 && d.purpose !== 'race');
    const preDaily = lastLoad.plannedTss / 7;
    const taperDaily = taperDays.reduce((s, d) => s + d.tss, 0) / taperDays.length;
    const reduction = 1 - taperDaily / preDaily;
    expect(reduction).toBeGreaterThanOrEqual(0.41 - 0.01);
    expect(reduction).toBeLessThanOrEqual(0.6 + 0.01);
    // Progressive: the race week lighter than the taper week.
    expect(p.weeks[15]!.plannedTss - 100).toBeLessThan(p.weeks[14]!.plannedTss);
    expect(taperDays.some((d) => d.purpose === 'threshold' || d.purpose === 'vo2max')).toBe(true);
  });

  it('tapers a tired rider to a positive TSB too', () => {
    const tired = plan({ ...base, ctl: 80, atl: 110, events: [{ date: '2027-02-14', priority: 'A' }] });
    expect(tired.days.at(-1)!.tsb).toBeGreaterThan(0);
  });
});

describe('season planner: events', () => {
  it('a too-close A event: plan anyway, taper only, and say so', () => {
    const p = plan({ ...base, events: [{ date: '2027-01-14', priority: 'A' }] });
    expect(p.issues).toEqual([
      { code: 'notEnoughWeeks', eventIndex: 0, values: { availableDays: 11, neededDays: 21 } },
    ]);
    expect(p.weeks.map((w) => w.kind)).toEqual(['taper', 'race']);
    expect(p.days).toHaveLength(11);
    expect(p.days.at(-1)!.tsb).toBeGreaterThan(0);
  });

  it('rejects events in the past', () => {
    const result = buildSeasonPlan({
      ...base,
      events: [...base.events, { date: '2027-01-03', priority: 'C' }],
    });
    expect(result).toEqual({ ok: false, issues: [{ code: 'eventInPast', eventIndex: 1 }] });
  });

  it('rejects two A events a week apart, accepts them 6 weeks apart with a recovery week between', () => {
    const close = buildSeasonPlan({
      ...base,
      events: [...base.events, { date: '2027-05-02', priority: 'A' }],
    });
    expect(close).toEqual({
      ok: false,
      issues: [{ code: 'aEventsTooClose', eventIndex: 1, values: { days: 28 } }],
    });
    const p = plan({ ...base, events: [...base.events, { date: '2027-06-06', priority: 'A' }] });
    const afterFirst = p.weeks.find((w) => w.startDate === '2027-04-26')!;
    expect(afterFirst.kind).toBe('recovery');
    expect(p.events.map((e) => e.eventIndex)).toEqual([0, 1]);
    for (const e of p.events) expect(e.tsb).toBeGreaterThan(0);
  });

  it('requires an A event and a training day', () => {
    expect(buildSeasonPlan({ ...base, events: [{ date: '2027-03-01', priority: 'B' }] })).toEqual({
      ok: false,
      issues: [{ code: 'noAEvent' }],
    });
    expect(buildSeasonPlan({ ...base, trainingWeekdays: [] })).toEqual({
      ok: false,
      issues: [{ code: 'noTrainingDays' }],
    });
  });

  it('a B event gets a mini-taper (3 halved days before, one after); a C event none', () => {
    const without = plan(base);
    // Sunday 14 March 2027, in a load week.
    const withB = plan({
      ...base,
      events: [...base.events, { date: '2027-03-14', priority: 'B', expectedTss: 150 }],
    });
    const byDate = (p: SeasonPlan, date: string) => p.days.find((d) => d.date === date)!;
    for (const date of ['2027-03-11', '2027-03-12', '2027-03-13']) {
      expect(byDate(withB, date).tss).toBeLessThanOrEqual(Math.floor(byDate(without, date).tss * 0.5) + 1);
    }
    expect(byDate(withB, '2027-03-14')).toMatchObject({ purpose: 'race', tss: 150, eventIndex: 1 });
    const withC = plan({
      ...base,
      events: [...base.events, { date: '2027-03-14', priority: 'C', expectedTss: 150 }],
    });
    for (const date of ['2027-03-11', '2027-03-12', '2027-03-13']) {
      expect(byDate(withC, date).tss).toBe(byDate(without, date).tss);
    }
    expect(byDate(withC, '2027-03-14')).toMatchObject({ purpose: 'race', tss: 150 });
  });
});
