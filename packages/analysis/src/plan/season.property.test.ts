import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, isoDateOf } from '../load/calendar.ts';
import { buildSeasonPlan } from './season.ts';

// Random riders and seasons: the planner's promises hold for every one of them.
const inputArb = fc.record({
  ctl: fc.integer({ min: 0, max: 140 }),
  atlOffset: fc.integer({ min: -30, max: 50 }),
  daysToA: fc.integer({ min: 0, max: 300 }),
  weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  cap: fc.integer({ min: 3, max: 8 }),
  rampShare: fc.double({ min: 0.3, max: 1, noNaN: true }),
  weeklyHours: fc.option(fc.integer({ min: 2, max: 25 }), { nil: undefined }),
  loadWeeksPerBlock: fc.constantFrom(2 as const, 3 as const),
});

describe('season planner properties', () => {
  it('covers today … A day, keeps every 7-day ramp under the cap, and recovery weeks ≤ 55 %', () => {
    fc.assert(
      fc.property(inputArb, (x) => {
        const today = '2027-03-01';
        const aDate = isoDateOf(dayNumber(today) + x.daysToA);
        const ctl = x.ctl;
        const atl = Math.max(0, ctl + x.atlOffset);
        const result = buildSeasonPlan({
          today,
          ctl,
          atl,
          events: [{ date: aDate, priority: 'A' }],
          trainingWeekdays: x.weekdays,
          maxRampPerWeek: x.cap,
          rampPerWeek: x.cap * x.rampShare,
          loadWeeksPerBlock: x.loadWeeksPerBlock,
          ...(x.weeklyHours === undefined ? {} : { weeklyHours: x.weeklyHours }),
        });
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const plan = result.plan;
        expect(plan.days).toHaveLength(x.daysToA + 1);
        expect(plan.days.at(-1)!.date).toBe(aDate);
        // Race day itself is exempt (the rider races); every other day respects the cap.
        const series = [...new Array(7).fill(ctl), ...plan.days.map((d) => d.ctl)];
        plan.days.forEach((d, k) => {
          if (d.purpose !== 'race') expect(series[k + 7]! - series[k]!).toBeLessThanOrEqual(x.cap + 1e-9);
          expect(Number.isInteger(d.tss) && d.tss >= 0).toBe(true);
          if (d.purpose !== 'race') expect(d.tss).toBeLessThanOrEqual(360);
        });
        for (const w of plan.weeks) {
          const previous = plan.weeks[w.index - 1];
          if (w.kind === 'recovery' && previous?.kind === 'load') {
            const perDay =
              previous.plannedTss / plan.days.filter((d) => d.weekIndex === previous.index).length;
            const days = plan.days.filter((d) => d.weekIndex === w.index).length;
            expect(w.plannedTss).toBeLessThanOrEqual(0.55 * perDay * days + 1e-9);
          }
          if (x.weeklyHours !== undefined && w.kind === 'load') {
            const days = plan.days.filter((d) => d.weekIndex === w.index).length;
            expect(w.plannedTss).toBeLessThanOrEqual((x.weeklyHours * 60 * days) / 7 + 1e-9);
          }
        }
        // Race-day form: positive, or the plan says it is not.
        const race = plan.days.at(-1)!;
        const warned = plan.issues.some((i) => i.code === 'raceDayTsbLow');
        expect(race.tsb > 0 || warned).toBe(true);
        if (x.daysToA + 1 >= 21) expect(plan.issues.some((i) => i.code === 'notEnoughWeeks')).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('never throws on dates or numbers it cannot use: it answers with codes', () => {
    fc.assert(
      fc.property(fc.string(), fc.double(), (date, ctl) => {
        const result = buildSeasonPlan({
          today: '2027-03-01',
          ctl,
          atl: 10,
          events: [{ date, priority: 'A' }],
        });
        if (!result.ok) expect(result.issues.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});
