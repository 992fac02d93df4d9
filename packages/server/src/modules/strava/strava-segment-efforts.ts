import { type ActivityStreams, SEGMENT_SECTIONS, segmentStretchOf } from '@vatio/analysis';
import type { StravaSegmentEffortInput } from '../segments/segment.repository.ts';
import type { StravaSegmentEffort, StravaStreamSet } from './strava-types.ts';

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function latLng(p: unknown) {
  if (!Array.isArray(p) || p.length !== 2 || !finite(p[0]) || !finite(p[1])) return undefined;
  return { latDeg: p[0], lngDeg: p[1] };
}

/**
 * A Strava ride's segment efforts as Vatio stores them. Where the ride has streams, each effort is
 * measured on them between Strava's start_index and end_index (the indices of Strava's own stream
 * arrays, so its `time` stream gives the seconds of the 1 Hz timeline), as a climb's effort is:
 * splits, power per section, heart rate, temperature, the gradient profile from the altitude. Else
 * Strava's summary of the effort (elapsed time, average watts of a power meter, heart rate), with no
 * splits. Efforts with no usable segment geometry (a segment without a position) are left out.
 */
export function stravaSegmentEfforts(
  efforts: readonly StravaSegmentEffort[] | undefined,
  ride: {
    start: Date;
    /** Strava's streams as sent and the ride's 1 Hz streams made from them. */
    streams?: { strava: StravaStreamSet; timeline: ActivityStreams } | undefined;
    /**
     * The 1 Hz streams of the same ride stored from another recording (the rider's file, which the
     * Strava activity was linked to). Strava's indices address Strava's own streams, not these: each
     * effort is placed on them by time instead (its start_date from the ride's start, elapsed_time).
     */
    stored?: ActivityStreams | undefined;
    /** The watts are a power meter's (device_watts), not Strava's estimate. */
    powerMeter: boolean;
  },
): StravaSegmentEffortInput[] {
  if (!Array.isArray(efforts)) return [];
  const out: StravaSegmentEffortInput[] = [];
  for (const e of efforts) {
    const s = e?.segment;
    if (!s || !finite(s.id) || !finite(s.distance) || s.distance <= 0 || !finite(e.elapsed_time)) continue;
    const start = latLng(s.start_latlng);
    const end = latLng(s.end_latlng);
    if (!start || !end) continue;
    const averageGradePct = finite(s.average_grade) ? s.average_grade : 0;
    const segment = {
      stravaId: s.id,
      name: typeof s.name === 'string' && s.name.trim() ? s.name.trim().slice(0, 100) : `Strava ${s.id}`,
      start,
      end,
      lengthM: s.distance,
      averageGradePct,
    };
    const time = ride.streams?.strava.time?.data;
    const si = e.start_index;
    const ei = e.end_index;
    if (
      ride.streams &&
      time &&
      Number.isInteger(si) &&
      Number.isInteger(ei) &&
      si! >= 0 &&
      ei! > si! &&
      ei! < time.length &&
      finite(time[si!]) &&
      finite(time[ei!])
    ) {
      const stretch = segmentStretchOf(
        ride.streams.timeline,
        Math.round(time[si!]!),
        Math.round(time[ei!]!),
        {
          lengthM: s.distance,
          averageGradePct,
        },
      );
      if (stretch) {
        out.push({
          effortId: String(e.id),
          segment: { ...segment, sectionGradePct: stretch.sectionGradePct },
          effort: stretch.effort,
        });
        continue;
      }
    }
    if (ride.stored) {
      const span = storedSpanOf(e, ride.start, ride.stored);
      const stretch =
        span &&
        segmentStretchOf(ride.stored, span.startS, span.endS, { lengthM: s.distance, averageGradePct });
      if (stretch) {
        out.push({
          effortId: String(e.id),
          segment: { ...segment, sectionGradePct: stretch.sectionGradePct },
          effort: stretch.effort,
        });
        continue;
      }
    }
    const startS = Math.max(0, (Date.parse(e.start_date) - ride.start.getTime()) / 1000);
    if (!Number.isFinite(startS)) continue;
    out.push({
      effortId: String(e.id),
      segment: {
        ...segment,
        sectionGradePct: Array.from({ length: SEGMENT_SECTIONS }, () => averageGradePct),
      },
      effort: {
        startS,
        endS: startS + e.elapsed_time,
        elapsedS: e.elapsed_time,
        averagePowerW:
          ride.powerMeter && e.device_watts !== false && finite(e.average_watts)
            ? e.average_watts
            : undefined,
        averageHeartRateBpm: finite(e.average_heartrate) ? e.average_heartrate : undefined,
        temperatureC: undefined,
        splitsS: [],
        sectionPowerW: [],
      },
    });
  }
  return out;
}

/**
 * The seconds of a stored 1 Hz ride (sample i is second i from its start, activity-streams.ts) that
 * a Strava effort covers: its start_date from the ride's start, then its elapsed_time, clamped to the
 * ride. Undefined when nothing of it lies on the ride.
 */
function storedSpanOf(
  e: StravaSegmentEffort,
  rideStart: Date,
  stored: ActivityStreams,
): { startS: number; endS: number } | undefined {
  const offsetS = (Date.parse(e.start_date) - rideStart.getTime()) / 1000;
  if (!Number.isFinite(offsetS) || !finite(e.elapsed_time)) return undefined;
  const lastS = stored.timeS.length - 1;
  const startS = Math.min(lastS, Math.max(0, Math.round(offsetS)));
  const endS = Math.min(lastS, Math.max(0, Math.round(offsetS + e.elapsed_time)));
  return endS > startS ? { startS, endS } : undefined;
}
