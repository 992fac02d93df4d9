import { rideAdvancedFacts, streamsFromSeconds } from '@vatio/analysis';
import { describe, expect, test } from 'vitest';
import {
  advancedFactsHold,
  compactAdvancedFacts,
  durabilityWorkKjFor,
  expandAdvancedFacts,
  measureAdvancedFacts,
} from './ride-advanced-facts.ts';

const fill = (n: number, v: number) => new Array<number>(n).fill(v);

/** 40 min at 230 W with 10-s jumps to 900 W every 5 min, cadence 90 (120 in the jumps), HR from power. */
function ride() {
  const power = Array.from({ length: 2400 }, (_, i) => (i % 300 < 10 ? 900 : 230 + (i % 7) / 3));
  return streamsFromSeconds({
    powerW: power,
    cadenceRpm: power.map((p) => (p > 500 ? 120 : 90 + (power.length % 3) / 7)),
    heartRateBpm: power.map((p) => 80 + p / 4),
    speedMps: fill(2400, 10),
    distanceM: Array.from({ length: 2400 }, (_, i) => 10 * i),
    altitudeM: Array.from({ length: 2400 }, (_, i) => 100 + (i < 1200 ? 0 : 0.5 * (i - 1200))),
    leftRightBalancePct: fill(2400, 48.123456),
    platformCentreOffsetLeftMm: fill(2400, -2.345678),
    powerPhaseStartLeftDeg: fill(2400, 351.23456),
    powerPhaseEndLeftDeg: fill(2400, 212.34567),
  });
}

describe('stored advanced facts', () => {
  // A dated weight of 70 kg in force: the split is 15 kJ/kg · 70 kg = 1050 kJ.
  const baseline = {
    history: [
      {
        id: 'w',
        user_id: 'u',
        effective_from: '2020-01-01',
        ftp_w: null,
        weight_kg: 70,
        max_hr_bpm: null,
        lthr_bpm: null,
        created_at: new Date('2020-01-01T00:00:00Z'),
      },
    ],
  };
  const input = { ftpW: 250, durabilityWorkKj: 1050 };

  test('round trip: the figures as measured, to the stored rounding', () => {
    const facts = rideAdvancedFacts(ride(), input);
    const back = expandAdvancedFacts(
      JSON.parse(JSON.stringify(compactAdvancedFacts(facts, { ...input, hasPower: true }))),
    );
    expect(back.sprints.length).toBe(facts.sprints.length);
    expect(back.sprints.length).toBeGreaterThan(0);
    expect(back.sprints[0]!.peakPowerW).toBeCloseTo(facts.sprints[0]!.peakPowerW, 2);
    expect(back.hardEffortsW).toHaveLength(facts.hardEffortsW.length);
    expect(back.steady).toHaveLength(facts.steady.length);
    expect(back.workKj).toBeCloseTo(facts.workKj!, 3);
    expect(back.pedaling.leftBalancePct).toBeCloseTo(facts.pedaling.leftBalancePct!, 3);
    expect(back.pedaling.torqueEffectivenessPct).toBeUndefined();
    expect(back.pedaling.platformCentreOffsetLeftMm).toBeCloseTo(-2.35, 2);
    expect(back.pedaling.platformCentreOffsetRightMm).toBeUndefined();
    expect(back.pedaling.powerPhaseLeft!.phase).toEqual({ startDeg: 351.23, endDeg: 212.35, arcDeg: 221.11 });
    expect(back.pedaling.powerPhaseLeft!.peak).toBeUndefined();
    expect(back.pedaling.powerPhaseRight).toBeUndefined();
    expect([...back.cadence!.byPower.keys()]).toEqual([...facts.cadence!.byPower.keys()]);
    expect(back.cadence!.timeByCadenceS).toEqual(facts.cadence!.timeByCadenceS);
    expect(back.gradient?.flat.powerW).toHaveLength(10);
    // Rounded once: compacting again changes nothing.
    const again = compactAdvancedFacts(back, { ...input, hasPower: true });
    expect(again).toEqual(compactAdvancedFacts(facts, { ...input, hasPower: true }));
  });

  test('rows stored before ANALYSIS_VERSION 7 (no platform centre offset or power phase) still expand', () => {
    const stored = compactAdvancedFacts(rideAdvancedFacts(ride(), input), { ...input, hasPower: true });
    const { pco: _pco, phase: _phase, ...older } = stored.pedaling;
    const back = expandAdvancedFacts({ ...stored, pedaling: older });
    expect(back.pedaling.platformCentreOffsetLeftMm).toBeUndefined();
    expect(back.pedaling.powerPhaseLeft).toBeUndefined();
    expect(back.pedaling.leftBalancePct).toBeCloseTo(48.123, 3);
  });

  test('they hold for the FTP and the durability split they were measured against', () => {
    const stored = measureAdvancedFacts(ride(), { ftpW: 250, baseline, today: '2030-01-01' });
    expect(stored.durabilityWorkKj).toBe(durabilityWorkKjFor(baseline, '2030-01-01'));
    expect(stored.durabilityWorkKj).toBe(1050);
    expect(advancedFactsHold(stored, input)).toBe(true);
    expect(advancedFactsHold(stored, { ...input, ftpW: 260 })).toBe(false);
    expect(advancedFactsHold(stored, { ...input, ftpW: undefined })).toBe(false);
    expect(advancedFactsHold(stored, { ...input, durabilityWorkKj: 1000 })).toBe(false);
    expect(advancedFactsHold(null, input)).toBe(false);
    // Without power the FTP and the split change nothing.
    const noPower = measureAdvancedFacts(streamsFromSeconds({ cadenceRpm: fill(600, 85) }), {
      ftpW: null,
      baseline,
      today: '2030-01-01',
    });
    expect(noPower.hasPower).toBe(false);
    expect(advancedFactsHold(noPower, { ftpW: 300, durabilityWorkKj: 900 })).toBe(true);
  });

  test('the split work follows the weight in force, else the default', () => {
    expect(durabilityWorkKjFor({ history: [] }, '2030-01-01')).toBe(1000);
  });
});
