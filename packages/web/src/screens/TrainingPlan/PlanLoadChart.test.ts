import { describe, expect, it } from 'vitest';
import { type LoadDay, loadSeries } from './PlanLoadChart';

const day = (date: string, ctl: number, projected: boolean): LoadDay => ({
  date,
  ctl,
  atl: ctl + 10,
  tsb: -10,
  projected,
});

describe('the PMC chart columns', () => {
  it('ends the ridden line on the last ridden day and starts the planned one there', () => {
    const [time, ctl, ctlPlanned, atl] = loadSeries([
      day('2026-11-27', 50, false),
      day('2026-11-28', 51, false),
      day('2026-11-29', 52, true),
      day('2026-11-30', 53, true),
    ]);
    // 27 November 2026 is day 20 784 after 1 January 1970 (56 years with 14 leap days, then 330 days
    // into 2026): 20 784 × 86 400 s, plus 12 h for noon, is 1 795 780 800 s.
    expect(time?.[0]).toBe(1_795_780_800);
    expect(time?.[1]).toBe(1_795_780_800 + 86_400);
    expect(ctl).toEqual([50, 51, null, null]);
    expect(ctlPlanned).toEqual([null, 51, 52, 53]);
    expect(atl).toEqual([60, 61, null, null]);
  });

  it('draws only the planned line when nothing was ridden, and only the ridden one when nothing is planned', () => {
    const planned = loadSeries([day('2026-11-29', 52, true), day('2026-11-30', 53, true)]);
    expect(planned[1]).toEqual([null, null]);
    expect(planned[2]).toEqual([52, 53]);
    const ridden = loadSeries([day('2026-11-28', 51, false), day('2026-11-29', 52, false)]);
    expect(ridden[1]).toEqual([51, 52]);
    expect(ridden[2]).toEqual([null, null]);
  });
});
