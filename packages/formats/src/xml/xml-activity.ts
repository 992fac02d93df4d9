import type { Activity, ActivityFormat, ChannelName, DeviceInfo, DeviceSummary, Lap } from '../activity.ts';
import { lapsWithinRide } from '../laps.ts';
import { FormatError } from '../errors.ts';
import {
  dataSpanS,
  dropAllZeroChannels,
  dropAltitudeSpikes,
  dropImpossiblePower,
  dropOutOfRange,
  inferSport,
  plausibleDurationS,
} from '../finalize.ts';
import { isPlausiblePosition } from '../geo/geo.ts';
import { countActiveSeconds, resampleTo1Hz } from '../timeline/resample.ts';

/** One track point of a TCX or GPX file, already in SI-ish units; NaN = not recorded. */
export interface XmlPoint {
  timeMs: number;
  /** Index of the Track/trkseg the point belongs to: a new segment means the timer was paused. */
  segment: number;
  values: Partial<Record<ChannelName, number>>;
}

export interface XmlActivityParts {
  format: ActivityFormat;
  points: XmlPoint[];
  /** Start of the activity when the file states one apart from the points (TCX Lap StartTime). */
  startMs?: number;
  sport?: string;
  name?: string;
  device: DeviceInfo;
  laps: Array<Omit<Lap, 'startTimeS'> & { startMs: number }>;
  deviceSummary: DeviceSummary;
  warnings: string[];
}

/** Shared tail of the TCX and GPX decoders: points → 1 Hz streams → Activity. */
export function buildXmlActivity(parts: XmlActivityParts): Activity {
  const points = parts.points.filter((p) => Number.isFinite(p.timeMs)).sort((a, b) => a.timeMs - b.timeMs);
  const first = points[0];
  if (!first) {
    throw new FormatError(
      'NO_RECORDS',
      `The ${parts.format.toUpperCase()} file holds no timed track points.`,
    );
  }
  const startMs =
    parts.startMs !== undefined && Number.isFinite(parts.startMs) && parts.startMs <= first.timeMs
      ? parts.startMs
      : first.timeMs;
  const timeS: number[] = [];
  const channels: Partial<Record<ChannelName, number[]>> = {};
  const pauses: Array<[number, number]> = [];
  for (const [i, p] of points.entries()) {
    const t = (p.timeMs - startMs) / 1000;
    timeS.push(t);
    const prev = points[i - 1];
    if (prev && prev.segment !== p.segment && p.timeMs > prev.timeMs) {
      pauses.push([(prev.timeMs - startMs) / 1000, t]);
    }
    const lat = p.values.latDeg ?? Number.NaN;
    const lng = p.values.lngDeg ?? Number.NaN;
    const plausible = isPlausiblePosition(lat, lng);
    for (const [name, value] of Object.entries(p.values) as Array<[ChannelName, number]>) {
      let column = channels[name];
      if (!column) {
        column = new Array<number>(i).fill(Number.NaN);
        channels[name] = column;
      }
      column.push((name === 'latDeg' || name === 'lngDeg') && !plausible ? Number.NaN : value);
    }
    for (const column of Object.values(channels)) if (column.length < timeS.length) column.push(Number.NaN);
  }
  const streams = resampleTo1Hz({ timeS, channels }, { pauses });
  const warnings = [...parts.warnings];
  dropImpossiblePower(streams, warnings);
  dropAltitudeSpikes(streams, warnings);
  dropOutOfRange(streams, warnings);
  dropAllZeroChannels(streams, warnings);

  const timerFromLaps = plausibleDurationS(parts.deviceSummary.timerTimeS);
  const sport = parts.sport
    ? { sport: parts.sport, sportSource: 'file' as const }
    : inferSport(streams, [parts.device.name, parts.device.product]);
  const elapsedTimeS = dataSpanS(streams);
  const fileLaps = parts.laps.map(({ startMs: lapMs, ...lap }) => ({
    ...lap,
    startTimeS: (lapMs - startMs) / 1000,
  }));
  return {
    format: parts.format,
    ...sport,
    name: parts.name,
    device: parts.device,
    sensors: [],
    startTime: new Date(startMs),
    elapsedTimeS,
    timerTimeS: timerFromLaps ?? countActiveSeconds(streams),
    // Laps are clipped to the ride and their missing or inconsistent figures measured (issue 25).
    laps: lapsWithinRide(fileLaps, streams, elapsedTimeS, warnings),
    events: [],
    deviceSummary: parts.deviceSummary,
    streams,
    warnings,
  };
}

/** Sport names TCX and GPX files use, mapped to FIT sport names. Strava GPX writes type 1 for a ride. */
export function sportFromName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const n = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  if (
    /^(1|biking|cycling|ride|bike|roadbiking|mountainbiking|gravelcycling|virtualride|ebikeride)$/.test(n)
  ) {
    return 'cycling';
  }
  if (/^(9|running|run|trailrunning|virtualrun)$/.test(n)) return 'running';
  if (/^(walking|walk|hiking|hike)$/.test(n)) return n.startsWith('hik') ? 'hiking' : 'walking';
  return undefined;
}
