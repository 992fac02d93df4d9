import { describe, expect, it } from 'vitest';
import { SAMPLE_RIDE, SAMPLE_TRACE } from './sampleRide';

describe("the landing's sample ride", () => {
  it('has the NP of the trace it draws, and the IF and TSS that follow from it', () => {
    // NP re-derived here minute by minute: a 30-s window inside a minute holds that minute's power;
    // one straddling minutes m and m+1 by k seconds holds ((30 − k)·P_m + k·P_{m+1}) / 30.
    let sum4 = 0;
    let count = 0;
    for (let m = 0; m < SAMPLE_TRACE.length; m++) {
      const p = SAMPLE_TRACE[m]!;
      sum4 += 31 * p ** 4; // windows ending at seconds 29..59 of the minute lie inside it
      count += 31;
      const next = SAMPLE_TRACE[m + 1];
      if (next === undefined) break;
      for (let k = 1; k <= 29; k++) {
        sum4 += (((30 - k) * p + k * next) / 30) ** 4;
        count += 1;
      }
    }
    const np = Math.round((sum4 / count) ** 0.25);
    expect(SAMPLE_RIDE.np).toBe(np);
    expect(SAMPLE_RIDE.intensityFactor).toBeCloseTo(np / 280, 10);
    expect(SAMPLE_RIDE.tss).toBeCloseTo(1.5 * (np / 280) ** 2 * 100, 10);
  });
});
