import { describe, expect, test } from 'vitest';
import {
  hamleySaddleHeightMm,
  kneeFlexionVerdict,
  lemondSaddleHeightMm,
  saddleHeightEstimates,
} from './estimates.ts';
import { positionHints } from './hints.ts';
import { angleAtDeg, inclinationDeg, jointAngles } from './joint-angles.ts';

describe('joint angles from marked points (image axes, y down)', () => {
  test('interior angle at a vertex', () => {
    expect(angleAtDeg({ x: 1, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 1 })).toBeCloseTo(90, 10);
    expect(angleAtDeg({ x: 1, y: 0 }, { x: 0, y: 0 }, { x: -1, y: 0 })).toBeCloseTo(180, 10);
    expect(angleAtDeg({ x: 1, y: 0 }, { x: 0, y: 0 }, { x: 1, y: 1 })).toBeCloseTo(45, 10);
    expect(angleAtDeg({ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 1, y: 1 })).toBeNull();
  });

  test('inclination against the horizontal, either way it leans', () => {
    // 3-4-5 triangle: atan(300/400) = 36.87°.
    expect(inclinationDeg({ x: 0, y: 0 }, { x: 400, y: -300 })).toBeCloseTo(36.8699, 3);
    expect(inclinationDeg({ x: 0, y: 0 }, { x: -400, y: -300 })).toBeCloseTo(36.8699, 3);
    expect(inclinationDeg({ x: 5, y: 5 }, { x: 5, y: 5 })).toBeNull();
  });

  test('a worked rider: knee 126.9° (flexion 53.1°), back 36.9°, hip, shoulder and elbow', () => {
    // Hip at the origin; thigh 500 px to the knee at (400, 300); shank 500 px straight down.
    // knee→hip = (−400, −300), knee→ankle = (0, 500): cos = −150000 / 250000 = −0.6 → 126.87°.
    // Torso to the shoulder at (400, −300): 36.87° above horizontal. Shoulder angle between
    // shoulder→hip (−400, 300) and shoulder→elbow (0, 300): cos = 90000/(500·300) = 0.6 → 53.13°.
    // Hip angle between hip→shoulder (400, −300) and hip→knee (400, 300): cos = 70000/250000 = 0.28 → 73.74°.
    // Elbow (400, 0) → wrist (700, 0): elbow→shoulder (0, −300), elbow→wrist (300, 0): 90°.
    const angles = jointAngles({
      hip: { x: 0, y: 0 },
      knee: { x: 400, y: 300 },
      ankle: { x: 400, y: 800 },
      shoulder: { x: 400, y: -300 },
      elbow: { x: 400, y: 0 },
      wrist: { x: 700, y: 0 },
    });
    expect(angles).toEqual({
      knee_angle_deg: 126.9,
      knee_flexion_deg: 53.1,
      hip_angle_deg: 73.7,
      back_angle_deg: 36.9,
      shoulder_angle_deg: 53.1,
      elbow_angle_deg: 90,
    });
  });

  test('missing points leave their angles null', () => {
    const angles = jointAngles({ hip: { x: 0, y: 0 }, knee: { x: 0, y: 100 } });
    expect(Object.values(angles).every((v) => v === null)).toBe(true);
  });
});

describe('saddle-height estimates', () => {
  test('LeMond 0.883 × inseam (BB centre), Hamley 1.09 × inseam (pedal spindle)', () => {
    // Inseam 85 cm: 0.883 × 850 = 750.55 → 751 mm; 1.09 × 850 = 926.5 → 927 mm.
    expect(lemondSaddleHeightMm(85)).toBe(751);
    expect(hamleySaddleHeightMm(85)).toBe(927);
    const [lemond, hamley] = saddleHeightEstimates(85, 172.5);
    expect(lemond).toMatchObject({ method: 'lemond', height_mm: 751, reference: 'bb_center' });
    // Hamley to the BB centre: 926.5 − 172.5 = 754 mm.
    expect(hamley).toMatchObject({ method: 'hamley', height_mm: 927, from_bb_mm: 754 });
    expect(saddleHeightEstimates(85)[1]!.from_bb_mm).toBeNull();
  });

  test('knee flexion against 25–35°', () => {
    expect(kneeFlexionVerdict(24.9)).toBe('below');
    expect(kneeFlexionVerdict(25)).toBe('within');
    expect(kneeFlexionVerdict(35)).toBe('within');
    expect(kneeFlexionVerdict(35.1)).toBe('above');
  });
});

describe('position hints (spec 001 §5, the knee by Holmes 1994)', () => {
  test('each threshold, strictly below', () => {
    expect(positionHints({ knee_angle_min_deg: 24.9, comfort_rating: 6, back_angle_deg: 39 })).toEqual([
      { code: 'knee_flexion_low', severity: 'warning', value: 24.9 },
      { code: 'comfort_low', severity: 'critical', value: 6 },
      { code: 'aggressive_position', severity: 'info', value: 39 },
    ]);
    expect(positionHints({ knee_angle_min_deg: 25, comfort_rating: 7, back_angle_deg: 40 })).toEqual([]);
    expect(positionHints({})).toEqual([]);
  });

  test('28° of flexion is inside Holmes (25–35°) and Bini (25–30°): no knee hint, as the spec gave', () => {
    expect(positionHints({ knee_angle_min_deg: 28 })).toEqual([]);
  });

  test('a bent leg at the bottom of the stroke (above 35°) hints a low saddle', () => {
    expect(positionHints({ knee_angle_min_deg: 40 })).toEqual([
      { code: 'knee_flexion_high', severity: 'info', value: 40 },
    ]);
  });
});
