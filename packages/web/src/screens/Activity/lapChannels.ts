import type { Lap } from '../../api/activity-types';

export interface RecordedChannels {
  power: boolean;
  heart: boolean;
  cadence: boolean;
}

/**
 * Which channels the ride recorded, for its laps table: a lap's 0 W / 0 bpm / 0 rpm from a ride
 * without that sensor (a device writes 0 into its lap messages; rides stored before the import
 * nulled them) is "—", as on the summary cards, never a measured zero.
 */
export function recordedChannels(
  ride: { has_power: boolean; has_heartrate: boolean; average_cadence: number | null },
  laps: readonly Lap[],
): RecordedChannels {
  const some = (pick: (lap: Lap) => number | null | undefined) => laps.some((lap) => pick(lap) != null);
  return {
    power: ride.has_power && some((lap) => lap.average_power),
    heart: ride.has_heartrate && some((lap) => lap.average_heartrate),
    cadence: ride.average_cadence != null && some((lap) => lap.average_cadence),
  };
}
