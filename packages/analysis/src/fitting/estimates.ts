/**
 * Starting points a rider can expect from their body measurements, each with its source. They are
 * guidance for a first setup, not a prescription: fitters start from them and adjust to the rider.
 * Docs: docs/formulas/fitting.md.
 */

/** LeMond & Gordis, *Greg LeMond's Complete Book of Bicycling* (1987): saddle height = 0.883 × inseam,
 *  from the bottom-bracket centre to the top of the saddle, along the seat tube. */
export const LEMOND_FACTOR = 0.883;
/** Hamley & Thomas, "Physiological and postural factors in the calibration of the bicycle ergometer",
 *  *J Physiol* 1967;191:55P–57P: 109 % of inseam, from the pedal spindle (crank in line with the seat
 *  tube) to the top of the saddle. */
export const HAMLEY_FACTOR = 1.09;
/** Knee flexion at the bottom of the stroke: Holmes, Pruitt & Whalen, "Lower extremity overuse in
 *  bicycling", *Clin Sports Med* 1994;13(1):187–205. */
export const KNEE_FLEXION_HOLMES_DEG = { min: 25, max: 35 } as const;
/** Bini, Hume & Croft, *Sports Med* 2011;41(6):463–476 (review): 25–30° for performance and knee load. */
export const KNEE_FLEXION_BINI_DEG = { min: 25, max: 30 } as const;

export interface SaddleHeightEstimate {
  method: 'lemond' | 'hamley';
  /** Top of the saddle from the BB centre (LeMond), or from the pedal spindle (Hamley), mm. */
  height_mm: number;
  /** Hamley's height minus the crank length: comparable with LeMond's (BB centre), mm; null without crank. */
  from_bb_mm: number | null;
  reference: 'bb_center' | 'pedal_spindle';
  source: string;
}

/** LeMond: 0.883 × inseam, BB centre to saddle top. Inseam in cm, answer in whole mm. */
export function lemondSaddleHeightMm(inseamCm: number): number {
  return Math.round(LEMOND_FACTOR * inseamCm * 10);
}

/** Hamley: 1.09 × inseam, pedal spindle to saddle top. Inseam in cm, answer in whole mm. */
export function hamleySaddleHeightMm(inseamCm: number): number {
  return Math.round(HAMLEY_FACTOR * inseamCm * 10);
}

/** Both saddle-height estimates for an inseam (cm); the crank length (mm) converts Hamley's to the BB. */
export function saddleHeightEstimates(
  inseamCm: number,
  crankLengthMm?: number | null,
): SaddleHeightEstimate[] {
  const hamley = hamleySaddleHeightMm(inseamCm);
  return [
    {
      method: 'lemond',
      height_mm: lemondSaddleHeightMm(inseamCm),
      from_bb_mm: lemondSaddleHeightMm(inseamCm),
      reference: 'bb_center',
      source: 'LeMond & Gordis 1987',
    },
    {
      method: 'hamley',
      height_mm: hamley,
      from_bb_mm: crankLengthMm ? Math.round(HAMLEY_FACTOR * inseamCm * 10 - crankLengthMm) : null,
      reference: 'pedal_spindle',
      source: 'Hamley & Thomas 1967',
    },
  ];
}

export type KneeFlexionVerdict = 'below' | 'within' | 'above';

/** Where a bottom-of-stroke knee flexion (°) sits against Holmes's 25–35° range. */
export function kneeFlexionVerdict(flexionDeg: number): KneeFlexionVerdict {
  if (flexionDeg < KNEE_FLEXION_HOLMES_DEG.min) return 'below';
  if (flexionDeg > KNEE_FLEXION_HOLMES_DEG.max) return 'above';
  return 'within';
}
