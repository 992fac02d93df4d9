import type { Activity } from '../activity.ts';
import { FormatError } from '../errors.ts';
import { cumulativeDistanceM } from '../geo/geo.ts';
import {
  attr,
  child,
  decodeText,
  list,
  number,
  parseXml,
  path,
  text,
  timeMs,
  unescapeXml,
} from '../xml/xml.ts';
import {
  buildXmlActivity,
  sportFromName,
  type XmlActivityParts,
  type XmlPoint,
} from '../xml/xml-activity.ts';

/**
 * Decodes a GPX 1.0/1.1 track. Sensor values come from the Garmin TrackPointExtension (v1/v2: `hr`,
 * `cad`, `atemp`, `speed`), a bare `<power>` (Strava, Wahoo) or the Garmin PowerExtension
 * (`PowerInWatts`). GPX has no distance field: it is summed by haversine between fixes. Each `trkseg`
 * is a run of the timer, so the time between two segments is a pause.
 */
export function decodeGpx(bytes: Uint8Array): Activity {
  return buildXmlActivity(parseGpx(bytes));
}

/** The file's track points as recorded (with haversine distance), before resampling. */
export function parseGpx(bytes: Uint8Array): XmlActivityParts {
  const doc = parseXml(decodeText(bytes), 'GPX file');
  const root = doc.gpx;
  if (root === undefined) throw new FormatError('UNSUPPORTED_FORMAT', 'This XML file is not a GPX file.');
  const tracks = list(path(root, 'trk'));
  const points: XmlPoint[] = [];
  let segment = 0;
  for (const trk of tracks) {
    for (const seg of list(path(trk, 'trkseg'))) {
      for (const pt of list(path(seg, 'trkpt'))) points.push(pointFrom(pt, segment));
      segment++;
    }
  }
  // Distance along the track in recording order, before the shared code sorts by time.
  const distances = cumulativeDistanceM(
    points.map((p) => p.values.latDeg ?? Number.NaN),
    points.map((p) => p.values.lngDeg ?? Number.NaN),
  );
  for (const [i, p] of points.entries()) p.values.distanceM = distances[i] ?? Number.NaN;

  const firstTrack = tracks[0];
  const creator = unescapeXml(attr(root, 'creator'));
  return {
    format: 'gpx',
    points,
    sport: sportFromName(text(path(firstTrack, 'type'))),
    name: unescapeXml(text(path(firstTrack, 'name'))),
    device: { name: creator },
    laps: [],
    deviceSummary: trackStatsAscent(tracks),
    warnings: [],
  };
}

/**
 * The recording device's own total ascent, m, from Garmin's TrackStatsExtension v1
 * (`trk/extensions/gpxtrkx:TrackStatsExtension/gpxtrkx:Ascent`, also written by OpenTracks): the sum
 * over the tracks, only when every track states one (a partial sum would understate the ride).
 */
function trackStatsAscent(tracks: unknown[]): { ascentM?: number } {
  let sum = 0;
  for (const trk of tracks) {
    const ascentM = number(path(trk, 'extensions', 'TrackStatsExtension', 'Ascent'));
    if (!Number.isFinite(ascentM) || ascentM < 0) return {};
    sum += ascentM;
  }
  return tracks.length > 0 ? { ascentM: sum } : {};
}

function pointFrom(pt: unknown, segment: number): XmlPoint {
  const ext = child(pt, 'extensions');
  const tpx = child(ext, 'TrackPointExtension');
  const pick = (...names: string[]) => {
    for (const name of names) {
      const v = number(child(tpx, name));
      if (Number.isFinite(v)) return v;
      const w = number(child(ext, name));
      if (Number.isFinite(w)) return w;
    }
    return Number.NaN;
  };
  const hr = pick('hr', 'heartrate');
  const power = pick('power', 'PowerInWatts');
  return {
    timeMs: timeMs(child(pt, 'time')),
    segment,
    values: {
      latDeg: Number(attr(pt, 'lat') ?? Number.NaN),
      lngDeg: Number(attr(pt, 'lon') ?? Number.NaN),
      altitudeM: number(child(pt, 'ele')),
      heartRateBpm: hr > 0 ? hr : Number.NaN,
      cadenceRpm: pick('cad', 'cadence'),
      temperatureC: pick('atemp', 'temp'),
      speedMps: pick('speed'),
      powerW: Number.isFinite(power) ? power : number(path(ext, 'PowerExtension', 'PowerInWatts')),
    },
  };
}
