import type { Activity, DeviceSummary, Lap } from '../activity.ts';
import { FormatError } from '../errors.ts';
import { attr, decodeText, list, number, parseXml, path, text, timeMs, unescapeXml } from '../xml/xml.ts';
import {
  buildXmlActivity,
  sportFromName,
  type XmlActivityParts,
  type XmlPoint,
} from '../xml/xml-activity.ts';

type TcxLap = Omit<Lap, 'startTimeS'> & { startMs: number };

/**
 * Decodes a Garmin Training Center (TCX v2) file. Power comes from the ActivityExtension v2
 * `TPX/Watts` (any namespace prefix), lap power from `LX/AvgWatts`. Each `Track` inside a lap is a run of
 * the timer: the time between two tracks is a pause.
 */
export function decodeTcx(bytes: Uint8Array): Activity {
  return buildXmlActivity(parseTcx(bytes));
}

/** The file's track points and laps as recorded, before resampling. */
export function parseTcx(bytes: Uint8Array): XmlActivityParts {
  const doc = parseXml(decodeText(bytes), 'TCX file');
  const root = doc.TrainingCenterDatabase;
  if (root === undefined) throw new FormatError('UNSUPPORTED_FORMAT', 'This XML file is not a TCX file.');
  const activities = list(path(root, 'Activities', 'Activity'));
  const activity = activities.find((a) => sportFromName(attr(a, 'Sport')) === 'cycling') ?? activities[0];
  if (activity === undefined) throw new FormatError('NO_RECORDS', 'The TCX file holds no activity.');

  const points: XmlPoint[] = [];
  const laps: TcxLap[] = [];
  let segment = 0;
  for (const lap of list(path(activity, 'Lap'))) {
    laps.push(lapFrom(lap));
    for (const track of list(path(lap, 'Track'))) {
      for (const tp of list(path(track, 'Trackpoint'))) points.push(pointFrom(tp, segment));
      segment++;
    }
  }
  const creator = path(activity, 'Creator');
  const firstLapMs = laps[0]?.startMs;
  return {
    format: 'tcx',
    points,
    startMs:
      firstLapMs !== undefined && Number.isFinite(firstLapMs) ? firstLapMs : timeMs(path(activity, 'Id')),
    sport: sportFromName(attr(activity, 'Sport')),
    name: unescapeXml(text(path(activity, 'Notes'))),
    device: {
      name: unescapeXml(text(path(creator, 'Name'))),
      product: text(path(creator, 'ProductID')),
      serialNumber: finiteOrUndefined(number(path(creator, 'UnitId'))),
    },
    laps,
    deviceSummary: summaryFromLaps(laps),
    warnings: [],
  };
}

function pointFrom(tp: unknown, segment: number): XmlPoint {
  const tpx = path(tp, 'Extensions', 'TPX');
  return {
    timeMs: timeMs(path(tp, 'Time')),
    segment,
    values: {
      latDeg: number(path(tp, 'Position', 'LatitudeDegrees')),
      lngDeg: number(path(tp, 'Position', 'LongitudeDegrees')),
      altitudeM: number(path(tp, 'AltitudeMeters')),
      distanceM: number(path(tp, 'DistanceMeters')),
      heartRateBpm: positive(number(path(tp, 'HeartRateBpm', 'Value'))),
      cadenceRpm: number(path(tp, 'Cadence')),
      powerW: number(path(tpx, 'Watts')),
      speedMps: number(path(tpx, 'Speed')),
    },
  };
}

function lapFrom(lap: unknown): TcxLap {
  const lx = path(lap, 'Extensions', 'LX');
  return {
    startMs: timeMs(attr(lap, 'StartTime')),
    timerTimeS: finiteOrUndefined(number(path(lap, 'TotalTimeSeconds'))),
    distanceM: finiteOrUndefined(number(path(lap, 'DistanceMeters'))),
    avgPowerW: finiteOrUndefined(number(path(lx, 'AvgWatts'))),
    maxPowerW: finiteOrUndefined(number(path(lx, 'MaxWatts'))),
    avgHeartRateBpm: finiteOrUndefined(number(path(lap, 'AverageHeartRateBpm', 'Value'))),
    maxHeartRateBpm: finiteOrUndefined(number(path(lap, 'MaximumHeartRateBpm', 'Value'))),
    avgCadenceRpm: finiteOrUndefined(number(path(lap, 'Cadence'))),
    avgSpeedMps: finiteOrUndefined(number(path(lx, 'AvgSpeed'))),
    trigger: text(path(lap, 'TriggerMethod')),
  };
}

/** TCX has no session: the device's figures are its lap totals, averages weighted by lap time. */
function summaryFromLaps(laps: readonly TcxLap[]): DeviceSummary {
  if (laps.length === 0) return {};
  const sum = (pick: (l: TcxLap) => number | undefined) => {
    const values = laps.map(pick).filter((v) => v !== undefined);
    return values.length ? values.reduce((a, b) => a + b, 0) : undefined;
  };
  const weighted = (pick: (l: TcxLap) => number | undefined) => {
    let total = 0;
    let weight = 0;
    for (const l of laps) {
      const v = pick(l);
      if (v === undefined || l.timerTimeS === undefined) continue;
      total += v * l.timerTimeS;
      weight += l.timerTimeS;
    }
    return weight > 0 ? total / weight : undefined;
  };
  const max = (pick: (l: TcxLap) => number | undefined) => {
    const values = laps.map(pick).filter((v) => v !== undefined);
    return values.length ? Math.max(...values) : undefined;
  };
  return {
    timerTimeS: sum((l) => l.timerTimeS),
    distanceM: sum((l) => l.distanceM),
    avgPowerW: weighted((l) => l.avgPowerW),
    maxPowerW: max((l) => l.maxPowerW),
    avgHeartRateBpm: weighted((l) => l.avgHeartRateBpm),
    maxHeartRateBpm: max((l) => l.maxHeartRateBpm),
    avgCadenceRpm: weighted((l) => l.avgCadenceRpm),
  };
}

function finiteOrUndefined(n: number): number | undefined {
  return Number.isFinite(n) ? n : undefined;
}

/** Heart rate 0 is "no strap", not a reading. */
function positive(n: number): number {
  return n > 0 ? n : Number.NaN;
}
