/**
 * Which total ascent a ride shows: the head unit's own when the file carries one, else Vatio's estimate
 * from the altitude stream (`elevationGainM`). Issue 25: riders compare the number with the one their
 * device showed, and no single filter matches every device's own (on real rides the estimate missed
 * three devices of nine by 12–66 %; in the fixture corpus it misses the iGPSPORT by −39 % and Onelap
 * by +37 %, each device counting rises its own way: docs/formulas/climbing.md). So the device's figure
 * is shown as the device's, and the estimate only where there is none, labelled as an estimate.
 */

/** Where a shown ascent comes from. */
export type AscentSource = 'device' | 'estimated';

export interface RideAscent {
  /** The ascent to show, m; undefined when neither the device nor the altitude stream gives one. */
  readonly ascentM: number | undefined;
  readonly source: AscentSource | undefined;
}

/**
 * The steepest sustained climbing rate any ride keeps up, m/h: elite climbers reach a VAM of about
 * 1,700–1,800 m/h for under an hour (the fastest Alpe d'Huez ascent, 1,071 m in 37 min 35 s by
 * Pantani in 1997, is 1,710 m/h), so 2,000 m/h over a whole ride is beyond anyone. A device ascent
 * above it for the ride's duration is a damaged field.
 */
export const MAX_RIDE_VAM_M_PER_H = 2000;

/**
 * The device's ascent when it can be this ride's (finite, not negative, at most `MAX_RIDE_VAM_M_PER_H`
 * over the ride's elapsed time, with 100 m to spare for a short ride), else the estimate.
 */
export function rideAscent(input: {
  readonly deviceM: number | undefined;
  readonly estimatedM: number | undefined;
  readonly elapsedS: number;
}): RideAscent {
  const { deviceM, estimatedM, elapsedS } = input;
  const limitM = (MAX_RIDE_VAM_M_PER_H * Math.max(0, elapsedS)) / 3600 + 100;
  if (deviceM !== undefined && Number.isFinite(deviceM) && deviceM >= 0 && deviceM <= limitM) {
    return { ascentM: deviceM, source: 'device' };
  }
  if (estimatedM !== undefined && Number.isFinite(estimatedM))
    return { ascentM: estimatedM, source: 'estimated' };
  return { ascentM: undefined, source: undefined };
}
