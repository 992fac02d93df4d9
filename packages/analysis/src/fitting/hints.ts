import { KNEE_FLEXION_HOLMES_DEG } from './estimates.ts';

/**
 * Hints on a bike position. Comfort and back angle are spec 001 §5 word for word in their thresholds;
 * the knee hints are the Holmes 1994 range (estimates.ts). Knee angles of a position are knee FLEXION
 * (0° is a straight leg): knee_angle_min is the flexion at the bottom of the stroke.
 *
 * Divergent from the spec, whose 'Minimum knee angle may be too acute' below 30° reads the angle the
 * other way round: in flexion, under 30° is a straighter leg, not a more acute one, and 25–30° is
 * inside both Holmes's range (25–35°) and Bini's (25–30°). A rider at 28° was warned of the
 * opposite of what the sources say. The warning is now for a leg too straight, below 25°.
 */
export type PositionHintCode =
  | 'knee_flexion_low'
  | 'comfort_low'
  | 'aggressive_position'
  | 'knee_flexion_high';
export type HintSeverity = 'info' | 'warning' | 'critical';

export interface PositionHint {
  code: PositionHintCode;
  severity: HintSeverity;
  /** The value the hint is about. */
  value: number;
}

export interface PositionForHints {
  knee_angle_min_deg?: number | null;
  back_angle_deg?: number | null;
  comfort_rating?: number | null;
}

export function positionHints(position: PositionForHints): PositionHint[] {
  const hints: PositionHint[] = [];
  const knee = position.knee_angle_min_deg;
  // Below the 25–35° range the leg is almost straight at the bottom: the saddle may be high, which
  // over-extends the knee (Holmes 1994; Bini 2011).
  if (knee != null && knee < KNEE_FLEXION_HOLMES_DEG.min)
    hints.push({ code: 'knee_flexion_low', severity: 'warning', value: knee });
  // Above the 25–35° range the leg stays bent at the bottom: the saddle may be low (Holmes 1994).
  if (knee != null && knee > KNEE_FLEXION_HOLMES_DEG.max)
    hints.push({ code: 'knee_flexion_high', severity: 'info', value: knee });
  const comfort = position.comfort_rating;
  // Spec 001 §5: 'Comfort rating indicates position needs adjustment' (critical) below 7.
  if (comfort != null && comfort < 7)
    hints.push({ code: 'comfort_low', severity: 'critical', value: comfort });
  const back = position.back_angle_deg;
  // Spec 001 §5: 'Very aggressive position - ensure adequate flexibility' (info) below 40°.
  if (back != null && back < 40) hints.push({ code: 'aggressive_position', severity: 'info', value: back });
  return hints;
}
