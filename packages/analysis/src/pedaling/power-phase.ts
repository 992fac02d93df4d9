import type { ActivityStreams } from '../streams/activity-streams.ts';

/**
 * Platform centre offset and power phase, the "cycling dynamics" of dual-sided pedal power meters
 * (Garmin Vector 2/3, Rally; FIT record left/right_pco and left/right_power_phase[_peak]).
 *
 * - Platform centre offset (PCO), mm: where along the pedal spindle the rider's force is applied,
 *   from the centre of the pedal body, positive outward (Garmin Vector owner's manual, "Platform
 *   Center Offset"); typical values lie within about ±10 mm, and a rider's own value is best read
 *   against the shoe and cleat set-up.
 * - Power phase, degrees of crank angle from top dead centre in the direction of pedalling: the arc
 *   where the leg produces positive power, from its start to its end, and the narrower arc where it
 *   produces most (the "peak" phase; Garmin Vector owner's manual, "Power Phase"; FIT profile,
 *   type power_phase_type: 0 start angle, 1 end angle). Pedal-force studies put the peak of effective
 *   force on the downstroke, around 90–110° (Kautz, Feltner, Coyle & Baylor 1991, Int J Sport
 *   Biomech 7:29–53; Coyle et al. 1991, Med Sci Sports Exerc 23:93–107).
 *
 * Averages are over the seconds with a reading (outside gaps), each second counting once: the pedals
 * send these figures only while pedalling, and the device's own session averages are the same time
 * averages (the Edge 1030 Plus fixture: −3.7 and 1.8 mm against its −4 and 2 mm, angles within one FIT
 * step of 1.4°; power weighting gave −4.7 and −0.3 mm). Angles wrap at 360°, so they are
 * averaged as directions (the circular mean: the angle of the summed unit vectors, Fisher 1993,
 * "Statistical Analysis of Circular Data"); a start of 350° and one of 10° average to 0°, not 180°.
 * The arc length is the mean of each second's own arc, (end − start) mod 360.
 */

export type PhaseStreams = Pick<
  ActivityStreams,
  | 'gapMask'
  | 'platformCentreOffsetLeftMm'
  | 'platformCentreOffsetRightMm'
  | 'powerPhaseStartLeftDeg'
  | 'powerPhaseEndLeftDeg'
  | 'powerPhasePeakStartLeftDeg'
  | 'powerPhasePeakEndLeftDeg'
  | 'powerPhaseStartRightDeg'
  | 'powerPhaseEndRightDeg'
  | 'powerPhasePeakStartRightDeg'
  | 'powerPhasePeakEndRightDeg'
>;

export interface PowerPhaseArc {
  /** Circular mean of the start angles, 0–360°. */
  readonly startDeg: number;
  /** Circular mean of the end angles, 0–360°. */
  readonly endDeg: number;
  /** Mean arc length, (end − start) mod 360, degrees. */
  readonly arcDeg: number;
}

export interface LegPowerPhase {
  readonly phase: PowerPhaseArc;
  /** The peak power phase, undefined when the file has none. */
  readonly peak: PowerPhaseArc | undefined;
}

export interface PedalPhaseSummary {
  /** Mean platform centre offset per leg, mm; undefined where not recorded. */
  readonly platformCentreOffsetLeftMm: number | undefined;
  readonly platformCentreOffsetRightMm: number | undefined;
  readonly powerPhaseLeft: LegPowerPhase | undefined;
  readonly powerPhaseRight: LegPowerPhase | undefined;
}

const TURN = 360;
const RAD = Math.PI / 180;
/** An angle to 0 ≤ a < 360. */
export const wrapDeg = (deg: number) => ((deg % TURN) + TURN) % TURN;

/** Mean of a channel over the seconds with a reading, outside gaps. */
function timeMean(streams: PhaseStreams, channel: Float64Array | undefined): number | undefined {
  if (!channel) return undefined;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < channel.length; i++) {
    const v = channel[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(v)) continue;
    sum += v;
    count++;
  }
  return count > 0 ? sum / count : undefined;
}

/**
 * Circular mean of start and end, and mean arc, over the seconds where both are recorded (outside
 * gaps); undefined without any such second.
 */
function arcOf(
  streams: PhaseStreams,
  start: Float64Array | undefined,
  end: Float64Array | undefined,
): PowerPhaseArc | undefined {
  if (!start || !end) return undefined;
  let sinStart = 0;
  let cosStart = 0;
  let sinEnd = 0;
  let cosEnd = 0;
  let arc = 0;
  let weight = 0;
  for (let i = 0; i < start.length; i++) {
    const a = start[i]!;
    const b = end[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(a) || !Number.isFinite(b)) continue;
    sinStart += Math.sin(a * RAD);
    cosStart += Math.cos(a * RAD);
    sinEnd += Math.sin(b * RAD);
    cosEnd += Math.cos(b * RAD);
    arc += wrapDeg(b - a);
    weight++;
  }
  if (weight === 0) return undefined;
  return {
    startDeg: wrapDeg(Math.atan2(sinStart, cosStart) / RAD),
    endDeg: wrapDeg(Math.atan2(sinEnd, cosEnd) / RAD),
    arcDeg: arc / weight,
  };
}

function legOf(
  streams: PhaseStreams,
  start: Float64Array | undefined,
  end: Float64Array | undefined,
  peakStart: Float64Array | undefined,
  peakEnd: Float64Array | undefined,
): LegPowerPhase | undefined {
  const phase = arcOf(streams, start, end);
  return phase ? { phase, peak: arcOf(streams, peakStart, peakEnd) } : undefined;
}

/** The ride's platform centre offset and power phase per leg; every part undefined when not recorded. */
export function pedalPhaseSummary(streams: PhaseStreams): PedalPhaseSummary {
  return {
    platformCentreOffsetLeftMm: timeMean(streams, streams.platformCentreOffsetLeftMm),
    platformCentreOffsetRightMm: timeMean(streams, streams.platformCentreOffsetRightMm),
    powerPhaseLeft: legOf(
      streams,
      streams.powerPhaseStartLeftDeg,
      streams.powerPhaseEndLeftDeg,
      streams.powerPhasePeakStartLeftDeg,
      streams.powerPhasePeakEndLeftDeg,
    ),
    powerPhaseRight: legOf(
      streams,
      streams.powerPhaseStartRightDeg,
      streams.powerPhaseEndRightDeg,
      streams.powerPhasePeakStartRightDeg,
      streams.powerPhasePeakEndRightDeg,
    ),
  };
}

/**
 * Circular mean of angles with weights (e.g. each ride's mean start angle weighted by its work), for
 * a period's figure; undefined without any weight.
 */
export function circularMeanDeg(values: ReadonlyArray<{ deg: number; weight: number }>): number | undefined {
  let s = 0;
  let c = 0;
  let w = 0;
  for (const { deg, weight } of values) {
    if (!(weight > 0) || !Number.isFinite(deg)) continue;
    s += weight * Math.sin(deg * RAD);
    c += weight * Math.cos(deg * RAD);
    w += weight;
  }
  return w > 0 ? wrapDeg(Math.atan2(s, c) / RAD) : undefined;
}

/** The flat names under which the ride page's API and `vatio analyze` show a ride's pedal phase figures. */
export const PEDAL_PHASE_FIGURES = [
  'platform_centre_offset_left_mm',
  'platform_centre_offset_right_mm',
  'power_phase_left_start_deg',
  'power_phase_left_end_deg',
  'power_phase_left_arc_deg',
  'power_phase_left_peak_start_deg',
  'power_phase_left_peak_end_deg',
  'power_phase_left_peak_arc_deg',
  'power_phase_right_start_deg',
  'power_phase_right_end_deg',
  'power_phase_right_arc_deg',
  'power_phase_right_peak_start_deg',
  'power_phase_right_peak_end_deg',
  'power_phase_right_peak_arc_deg',
] as const;
export type PedalPhaseFigure = (typeof PEDAL_PHASE_FIGURES)[number];

/** A ride's pedal phase summary under those names; undefined where not recorded. */
export function pedalPhaseFigures(s: PedalPhaseSummary): Record<PedalPhaseFigure, number | undefined> {
  const leg = (l: LegPowerPhase | undefined) => ({
    start: l?.phase.startDeg,
    end: l?.phase.endDeg,
    arc: l?.phase.arcDeg,
    peakStart: l?.peak?.startDeg,
    peakEnd: l?.peak?.endDeg,
    peakArc: l?.peak?.arcDeg,
  });
  const left = leg(s.powerPhaseLeft);
  const right = leg(s.powerPhaseRight);
  return {
    platform_centre_offset_left_mm: s.platformCentreOffsetLeftMm,
    platform_centre_offset_right_mm: s.platformCentreOffsetRightMm,
    power_phase_left_start_deg: left.start,
    power_phase_left_end_deg: left.end,
    power_phase_left_arc_deg: left.arc,
    power_phase_left_peak_start_deg: left.peakStart,
    power_phase_left_peak_end_deg: left.peakEnd,
    power_phase_left_peak_arc_deg: left.peakArc,
    power_phase_right_start_deg: right.start,
    power_phase_right_end_deg: right.end,
    power_phase_right_arc_deg: right.arc,
    power_phase_right_peak_start_deg: right.peakStart,
    power_phase_right_peak_end_deg: right.peakEnd,
    power_phase_right_peak_arc_deg: right.peakArc,
  };
}
