import type { Activity } from '@vatio/formats/fit-encode';
import type { LiveSession } from './liveSession';

/** Name of the device in the file's file_id.product_name, so the ride page says where it came from. */
export const LIVE_DEVICE_NAME = 'Vatio Live';

const column = (values: readonly number[]) => {
  const out = Float64Array.from(values);
  return out.some(Number.isFinite) ? out : undefined;
};

/**
 * The recorded seconds as an Activity for the FIT writer of packages/formats: one value per second,
 * paused seconds as gaps (the writer turns them into timer stop/start pairs). The device summary is
 * left empty: every figure of the ride is computed by the import, as for any other file.
 */
export function liveActivity(session: LiveSession, startTime: Date): Activity {
  const n = session.elapsedS;
  const streams: Activity['streams'] = {
    timeS: Float64Array.from({ length: n }, (_, i) => i),
    gapMask: Uint8Array.from(session.gapMask),
  };
  const channels = {
    powerW: column(session.powerW),
    heartRateBpm: column(session.heartRateBpm),
    cadenceRpm: column(session.cadenceRpm),
    speedMps: column(session.speedMps),
    altitudeM: column(session.altitudeM),
  };
  for (const [name, values] of Object.entries(channels))
    if (values) streams[name as keyof typeof channels] = values;
  if (streams.speedMps) streams.distanceM = Float64Array.from(session.distanceM);
  return {
    format: 'fit',
    sport: 'cycling',
    sportSource: 'file',
    device: { name: LIVE_DEVICE_NAME },
    sensors: [],
    startTime,
    elapsedTimeS: n,
    timerTimeS: session.movingS,
    laps: [],
    events: [],
    deviceSummary: {},
    streams,
    warnings: [],
  };
}

/**
 * The FIT file of a live ride, written in the browser by packages/formats' writer (the SDK Encoder's
 * bytes; no Node built-ins). Loaded on Finish only: the writer carries the FIT profile, so it stays out
 * of this screen's first chunk.
 */
export async function liveRideFit(session: LiveSession, startTime: Date): Promise<Uint8Array> {
  const { encodeFit } = await import('@vatio/formats/fit-encode');
  return encodeFit(liveActivity(session, startTime));
}
