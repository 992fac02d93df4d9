import { describe, expect, it } from 'vitest';
import { circularMeanDeg, pedalPhaseSummary, type PhaseStreams, wrapDeg } from './power-phase.ts';

const f = (values: number[]) => Float64Array.from(values);

describe('pedalPhaseSummary', () => {
  it('averages start angles either side of top dead centre as directions, not numbers', () => {
    const streams: PhaseStreams = {
      gapMask: new Uint8Array(4),
      powerPhaseStartLeftDeg: f([350, 10, 350, 10]),
      powerPhaseEndLeftDeg: f([200, 220, 200, 220]),
    };
    const left = pedalPhaseSummary(streams).powerPhaseLeft;
    expect(Math.min(left!.phase.startDeg, 360 - left!.phase.startDeg)).toBeLessThan(1e-9);
    expect(left!.phase.endDeg).toBeCloseTo(210, 9);
    // Each second's own arc: 210° then 210°.
    expect(left!.phase.arcDeg).toBeCloseTo(210, 9);
    expect(left!.peak).toBeUndefined();
  });

  it('skips gaps and seconds without a reading; undefined without any reading', () => {
    const streams: PhaseStreams = {
      gapMask: Uint8Array.from([0, 1, 0, 0]),
      platformCentreOffsetLeftMm: f([-4, 40, Number.NaN, -2]),
      platformCentreOffsetRightMm: f([Number.NaN, Number.NaN, Number.NaN, Number.NaN]),
    };
    const s = pedalPhaseSummary(streams);
    expect(s.platformCentreOffsetLeftMm).toBe(-3);
    expect(s.platformCentreOffsetRightMm).toBeUndefined();
    expect(s.powerPhaseLeft).toBeUndefined();
    expect(s.powerPhaseRight).toBeUndefined();
  });

  it('gives the peak phase of each leg', () => {
    const streams: PhaseStreams = {
      gapMask: new Uint8Array(2),
      powerPhaseStartRightDeg: f([355, 355]),
      powerPhaseEndRightDeg: f([215, 215]),
      powerPhasePeakStartRightDeg: f([70, 80]),
      powerPhasePeakEndRightDeg: f([120, 120]),
    };
    const right = pedalPhaseSummary(streams).powerPhaseRight!;
    expect(right.phase.arcDeg).toBeCloseTo(220, 9);
    expect(right.peak!.startDeg).toBeCloseTo(75, 9);
    expect(right.peak!.arcDeg).toBeCloseTo(45, 9);
  });
});

describe('circularMeanDeg', () => {
  it('weights directions and ignores zero weights', () => {
    expect(circularMeanDeg([])).toBeUndefined();
    expect(
      circularMeanDeg([
        { deg: 90, weight: 1 },
        { deg: 0, weight: 0 },
      ]),
    ).toBeCloseTo(90, 9);
    expect(
      wrapDeg(
        circularMeanDeg([
          { deg: 355, weight: 1 },
          { deg: 15, weight: 1 },
        ])!,
      ),
    ).toBeCloseTo(5, 9);
  });
});
