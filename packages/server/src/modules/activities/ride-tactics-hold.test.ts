import { describe, expect, test } from 'vitest';
import { tacticsHold } from './ride-tactics.service.ts';

// Facts whose balance was drawn with a raised CP (GoldenCheetah's minimum CP) still hold while the
// ride's window gives the same critical power: otherwise every import batch measured the ride again
// and moved its updated_at (found by the backup test: a restored ride's answer differed in it).
const facts = {
  ftpW: 250,
  movingS: 3600,
  surges: 3,
  matches: 2,
  energyKj: { endurance: 0, tempo: 0, threshold: 0, vo2max: 0, neuromuscular: 0 },
} as const;

describe('tacticsHold', () => {
  test('a raised CP holds against the window CP it was raised from', () => {
    const raised = { ...facts, cpW: 268, wPrimeJ: 20_000, fittedCpW: 250, fittedWPrimeJ: 20_000 };
    expect(tacticsHold(raised, 250, { cpW: 250, wPrimeJ: 20_000 })).toBe(true);
    expect(tacticsHold(raised, 250, { cpW: 255, wPrimeJ: 20_000 })).toBe(false);
    expect(tacticsHold(raised, 260, { cpW: 250, wPrimeJ: 20_000 })).toBe(false);
  });

  test('facts stored before the fitted fields compare their own CP, as before', () => {
    const old = { ...facts, cpW: 250, wPrimeJ: 20_000 };
    expect(tacticsHold(old, 250, { cpW: 250, wPrimeJ: 20_000 })).toBe(true);
    expect(tacticsHold({ ...facts, cpW: null, wPrimeJ: null }, 250, undefined)).toBe(true);
    expect(
      tacticsHold(
        { ...facts, cpW: null, wPrimeJ: null, fittedCpW: 250, fittedWPrimeJ: 9_000 },
        250,
        undefined,
      ),
    ).toBe(false);
  });
});
