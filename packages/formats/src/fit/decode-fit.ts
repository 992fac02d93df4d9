import { Decoder, type FitMessages, Stream } from '@garmin/fitsdk';
import type { Activity, DeviceInfo, SensorInfo } from '../activity.ts';
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
import { countActiveSeconds, resampleTo1Hz, type SampleValues } from '../timeline/resample.ts';
import { readFitFast } from './fast/read-fit-fast.ts';
import { columnsToSamples, firstRecordTime } from './fast/samples.ts';
import { eventsToActivityEvents, timerFromEvents } from './fit-events.ts';
import { recordsToSamples } from './fit-records.ts';
import { deviceSummaryFromSession, lapFromMesg, selectSession, sessionInfos } from './fit-session.ts';
import { lapsWithinRide } from '../laps.ts';
import { withWorkoutTag, workoutTagOf } from './workout-tag.ts';
import {
  deviceTypeName,
  enumName,
  FIT_DATE_TIME_MIN,
  fitTimeToDate,
  num,
  productName,
} from './fit-values.ts';

/**
 * Decoder options for speed (research/stack-notes.md: about 1.4× faster): enums stay numbers and
 * date_times stay FIT seconds, converted here only for the few fields we keep. Components are not
 * expanded, so enhanced_speed/enhanced_altitude exist only when the device wrote them; the plain
 * speed/altitude fields carry the same values (FIT profile: their components ARE the enhanced fields).
 */
const READ_OPTIONS = {
  expandSubFields: false,
  expandComponents: false,
  convertTypesToStrings: false,
  convertDateTimesToDates: false,
  mergeHeartRates: false,
} as const;

export function isFitHeader(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 12 &&
    (bytes[0] === 12 || bytes[0] === 14) &&
    bytes[8] === 0x2e && // ".FIT" at bytes 8–11 (FIT file header)
    bytes[9] === 0x46 &&
    bytes[10] === 0x49 &&
    bytes[11] === 0x54
  );
}

export interface DecodeFitOptions {
  /**
   * Read record messages with the columnar fast path (fast/), the rest with the SDK (default true);
   * false sends the whole file through the SDK. Both give the same Activity (fast/differential.test.ts).
   */
  fastPath?: boolean;
}

/**
 * Decodes a FIT file. A file that fails its size/CRC check (truncated, as recorders leave them when the
 * battery dies) is still decoded as far as the SDK gets, with `integrity: false` and a warning: the rides
 * are real and riders expect to see them. Only a file with no readable records is refused.
 */
export function decodeFit(bytes: Uint8Array, options: DecodeFitOptions = {}): Activity {
  if (!isFitHeader(bytes)) throw new FormatError('UNSUPPORTED_FORMAT', 'This is not a FIT file.');
  const fast = options.fastPath === false ? undefined : readFitFast(bytes, READ_OPTIONS);
  let integrity: boolean;
  let messages: FitMessages;
  let errors: Error[] = [];
  if (fast) {
    ({ integrity, messages } = fast);
  } else {
    const decoder = new Decoder(Stream.fromBuffer(bytes));
    integrity = decoder.checkIntegrity();
    try {
      ({ messages, errors } = decoder.read(READ_OPTIONS));
    } catch (error) {
      // read() catches its own errors; this guards against a future SDK that does not.
      throw new FormatError('CORRUPT_FILE', 'The FIT file could not be decoded.', { cause: error });
    }
  }
  const warnings: string[] = [];
  if (!integrity) {
    warnings.push(
      'The FIT file fails its size/CRC check (truncated or damaged); decoded what could be read.',
    );
  }
  for (const e of errors) warnings.push(`FIT decoder: ${e instanceof Error ? e.message : String(e)}`);

  const records = messages.recordMesgs ?? [];
  const sessions = messages.sessionMesgs ?? [];
  const selected = selectSession(sessions);
  const multisport = sessions.length > 1;
  const fromFit = multisport ? (selected?.startFit ?? Number.NEGATIVE_INFINITY) : Number.NEGATIVE_INFINITY;
  const toFit = multisport ? (selected?.endFit ?? Number.POSITIVE_INFINITY) + 0.5 : Number.POSITIVE_INFINITY;
  const firstRecordFit = fast
    ? firstRecordTime(fast.records, fromFit)
    : records.map((r) => num(r.timestamp)).find((t) => t !== undefined && t >= fromFit);
  const fileType = enumName('file', messages.fileIdMesgs?.[0]?.type);
  if (fileType !== undefined && fileType !== 'activity') {
    // Courses and workouts also hold records (a planned route), but nobody rode them.
    throw new FormatError(
      'UNSUPPORTED_FORMAT',
      `This FIT file is a ${fileType} file, not a recorded activity.`,
    );
  }
  if (firstRecordFit === undefined) {
    throw integrity && errors.length === 0
      ? new FormatError('NO_RECORDS', 'The FIT file holds no activity records.')
      : new FormatError(
          'CORRUPT_FILE',
          'The FIT file is damaged and no activity records could be read from it.',
        );
  }
  const sessionStart = selected?.startFit;
  const startFit =
    sessionStart !== undefined && (multisport || sessionStart <= firstRecordFit)
      ? sessionStart
      : firstRecordFit;
  if (startFit < FIT_DATE_TIME_MIN)
    warnings.push('Timestamps are device-relative (no real date in the file).');

  const { series, unknownSideBalance } = fast
    ? columnsToSamples(fast.records, startFit, Math.max(fromFit, startFit), toFit)
    : recordsToSamples(records, startFit, Math.max(fromFit, startFit), toFit);
  if (unknownSideBalance > 0) {
    warnings.push(`${unknownSideBalance} L/R balance values carry no side flag (FIT "unknown"); left out.`);
  }
  if (multisport) rebaseDistance(series.channels.distanceM);
  const events = (messages.eventMesgs ?? []).filter((e) => {
    const t = num(e.timestamp);
    return t !== undefined && t >= Math.max(fromFit, startFit) - 1 && t <= toFit;
  });
  const timer = timerFromEvents(events, startFit, lastTimeS(series.timeS));
  // The samples are this function's own (the fast path's are the record columns themselves).
  const streams = resampleTo1Hz(series, { pauses: timer.pauses, consume: true });
  dropImpossiblePower(streams, warnings);
  dropAltitudeSpikes(streams, warnings);
  dropOutOfRange(streams, warnings);
  dropAllZeroChannels(streams, warnings);

  const session = selected?.session;
  const deviceSummary = deviceSummaryFromSession(session);
  const sessionElapsed = plausibleDurationS(deviceSummary.elapsedTimeS);
  const sessionTimer = plausibleDurationS(deviceSummary.timerTimeS);
  if (sessionElapsed !== deviceSummary.elapsedTimeS || sessionTimer !== deviceSummary.timerTimeS) {
    warnings.push('The session states an impossible elapsed or timer time; it is taken from the records.');
  }
  if (sessionElapsed !== undefined && sessionTimer !== undefined && sessionElapsed + 1 < sessionTimer) {
    warnings.push(
      'The device recorded an elapsed time shorter than its timer time; elapsed time is taken from the records.',
    );
  }
  const elapsedTimeS =
    sessionElapsed !== undefined && sessionElapsed + 1 >= (sessionTimer ?? 0)
      ? sessionElapsed
      : dataSpanS(streams);
  // A record or timer event with a damaged timestamp (years after the rest) makes the timer run for
  // years; the events' timer counts only when it ends within an hour of the ride's timeline.
  const eventsTimerS =
    timer.timerTimeS !== undefined && timer.timerTimeS <= dataSpanS(streams) + 3600
      ? timer.timerTimeS
      : undefined;
  if (eventsTimerS !== timer.timerTimeS) {
    warnings.push(
      'The timer runs far past the ride (a damaged timestamp); the timer time is taken from the records.',
    );
  }
  const timerTimeS = sessionTimer ?? eventsTimerS ?? countActiveSeconds(streams);

  const device = deviceFromMessages(messages);
  const sportName =
    enumName('sport', session?.sport) ?? enumName('sport', messages.sportMesgs?.[0]?.sport) ?? undefined;
  const sport = sportName
    ? { sport: sportName, sportSource: 'file' as const }
    : inferSport(streams, [device.product, device.name]);
  const subSport = enumName('subSport', session?.subSport ?? messages.sportMesgs?.[0]?.subSport);

  const fileLaps = (messages.lapMesgs ?? [])
    .filter((l) => {
      const t = num(l.startTime);
      // A lap starting exactly at the session's end belongs to the next session of a multisport file.
      return t === undefined || (t >= fromFit - 1 && t < toFit - 0.5);
    })
    .map((l) => lapFromMesg(l, startFit))
    .filter((l) => l !== undefined);
  // Laps are clipped to the ride and their missing or inconsistent figures measured (issue 25).
  const laps = lapsWithinRide(fileLaps, streams, elapsedTimeS, warnings);

  return {
    format: 'fit',
    ...sport,
    subSport: subSport === 'generic' ? undefined : subSport,
    name: messages.sportMesgs?.[0]?.name,
    ...withWorkoutTag(workoutTagOf(messages)),
    device,
    sensors: sensorsFromMessages(messages),
    startTime: fitTimeToDate(startFit),
    elapsedTimeS,
    timerTimeS,
    laps,
    events: eventsToActivityEvents(events, startFit),
    deviceSummary,
    streams,
    integrity,
    sessions: multisport && selected ? sessionInfos(sessions, selected.index) : undefined,
    warnings,
  };
}

/**
 * The latest finite sample time, at least 0. A loop alone in its function, returning as soon as it ends:
 * see `ridePass` (@vatio/analysis, metrics/ride-pass.ts) on why code after a long loop costs so much on
 * Node 20.
 */
function lastTimeS(timeS: SampleValues): number {
  let lastS = 0;
  for (let i = 0; i < timeS.length; i++) {
    const t = timeS[i]!;
    if (t > lastS && Number.isFinite(t)) lastS = t;
  }
  return lastS;
}

/** Record distance runs on across a multisport file; the ride's distance starts at its first record. */
function rebaseDistance(distance: SampleValues | undefined): void {
  if (!distance) return;
  const first = distance.find(Number.isFinite);
  if (first === undefined) return;
  for (let i = 0; i < distance.length; i++) distance[i] = (distance[i] ?? Number.NaN) - first;
}

function deviceFromMessages(messages: FitMessages): DeviceInfo {
  const fileId = messages.fileIdMesgs?.[0];
  const creator = messages.deviceInfoMesgs?.find((d) => num(d.deviceIndex) === 0);
  return {
    manufacturer: enumName('manufacturer', fileId?.manufacturer),
    product: productName(fileId?.manufacturer, fileId?.product),
    name: fileId?.productName ?? creator?.productName,
    serialNumber: num(fileId?.serialNumber),
    softwareVersion:
      num(creator?.softwareVersion) ?? scaled(num(messages.fileCreatorMesgs?.[0]?.softwareVersion), 100),
  };
}

function scaled(value: number | undefined, scale: number): number | undefined {
  return value === undefined ? undefined : value / scale;
}

/** Paired sensors from device_info (each is usually written at start and end: deduplicated). */
function sensorsFromMessages(messages: FitMessages): SensorInfo[] {
  const fileSerial = num(messages.fileIdMesgs?.[0]?.serialNumber);
  const seen = new Set<string>();
  const out: SensorInfo[] = [];
  for (const d of messages.deviceInfoMesgs ?? []) {
    if (num(d.deviceIndex) === 0) continue; // the recording device itself
    const serialNumber = num(d.serialNumber);
    if (serialNumber !== undefined && serialNumber === fileSerial) continue;
    const sensor: SensorInfo = {
      manufacturer: enumName('manufacturer', d.manufacturer),
      product: productName(d.manufacturer, d.product),
      name: d.productName ?? d.descriptor,
      serialNumber,
      softwareVersion: num(d.softwareVersion),
      deviceType: deviceTypeName(d.sourceType, d.deviceType),
    };
    const key = [
      sensor.manufacturer,
      sensor.product,
      sensor.serialNumber,
      sensor.deviceType,
      sensor.name,
    ].join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(sensor);
  }
  return out;
}
