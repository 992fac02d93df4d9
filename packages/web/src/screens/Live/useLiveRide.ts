import type { ActivityStreamsResponse } from '@vatio/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LiveSession, type SensorFusion } from './liveSession';
import type { WorkoutRun } from './workoutRun';

/** A late tick plays at most this many seconds; beyond, the replay slows instead of jumping. */
const MAX_SECONDS_PER_TICK = 100;

export type LiveStatus = 'idle' | 'running' | 'paused' | 'ended';

export type LiveSource = (
  | { kind: 'sensors'; fusion: SensorFusion }
  | { kind: 'replay'; streams: ActivityStreamsResponse; name: string; activityId: string }
) & {
  /** The workout being ridden, if the rider picked one. */
  workout?: WorkoutRun;
};

export interface LiveRide {
  status: LiveStatus;
  source: LiveSource | undefined;
  session: LiveSession | undefined;
  startedAt: Date | undefined;
  /** Changes every recorded second, so views re-read the session. */
  tick: number;
  speed: number;
  start: (source: LiveSource) => void;
  pause: () => void;
  resume: () => void;
  end: () => void;
  reset: () => void;
  setSpeed: (speed: number) => void;
}

const valueAt = (values: (number | null)[] | null, i: number) => {
  const v = values?.[i];
  return v === null || v === undefined ? undefined : v;
};

/**
 * Drives a LiveSession: with sensors, one second per second of the clock (a paused second is a gap
 * on the timeline, as a head unit's timer stop); with a replay, one second of the stored ride every
 * 1/speed s (pausing freezes the replay; the ride's own pauses stay gaps).
 */
export function useLiveRide(model: { cpW: number; wPrimeJ: number }): LiveRide {
  const [status, setStatus] = useState<LiveStatus>('idle');
  const [tick, setTick] = useState(0);
  const [speed, setSpeed] = useState(20);
  const [source, setSource] = useState<LiveSource>();
  const [startedAt, setStartedAt] = useState<Date>();
  const session = useRef<LiveSession>(undefined);
  const replayIndex = useRef(0);
  const statusRef = useRef<LiveStatus>('idle');
  statusRef.current = status;

  const start = useCallback(
    (next: LiveSource) => {
      session.current = new LiveSession(model);
      replayIndex.current = 0;
      setSource(next);
      setStartedAt(new Date());
      setStatus('running');
      setTick(0);
      next.workout?.start();
    },
    [model],
  );

  useEffect(() => {
    if (!source || (status !== 'running' && status !== 'paused')) return;
    const live = session.current!;
    if (source.kind === 'sensors') {
      const timer = setInterval(() => {
        const paused = statusRef.current === 'paused';
        if (paused) live.addPausedSecond();
        else live.addSecond(source.fusion.takeSecond(Date.now()));
        source.workout?.onSecond(paused, live.elapsedS);
        setTick((t) => t + 1);
      }, 1000);
      return () => clearInterval(timer);
    }
    if (status === 'paused') return;
    const streams = source.streams;
    // The replay follows the wall clock: each tick plays the seconds due since the last one, so 20×
    // stays 20× when the browser's timers run late (a busy machine, a background tab).
    let last = performance.now();
    let due = 0;
    const timer = setInterval(
      () => {
        const now = performance.now();
        due += ((now - last) / 1000) * speed;
        last = now;
        let played = 0;
        while (due >= 1 && played < MAX_SECONDS_PER_TICK) {
          const i = replayIndex.current;
          if (i >= streams.time.length) {
            setStatus('ended');
            break;
          }
          if (streams.moving[i] === false) live.addPausedSecond();
          else
            live.addSecond({
              powerW: valueAt(streams.watts, i),
              heartRateBpm: valueAt(streams.heartrate, i),
              cadenceRpm: valueAt(streams.cadence, i),
              speedMps: valueAt(streams.velocity, i),
              altitudeM: valueAt(streams.altitude, i),
            });
          source.workout?.onSecond(streams.moving[i] === false, live.elapsedS);
          replayIndex.current = i + 1;
          due -= 1;
          played++;
        }
        if (due >= MAX_SECONDS_PER_TICK) due = 0;
        if (played > 0) setTick((t) => t + 1);
      },
      Math.max(50, 1000 / speed),
    );
    return () => clearInterval(timer);
  }, [source, status, speed]);

  return {
    status,
    source,
    session: session.current,
    startedAt,
    tick,
    speed,
    start,
    pause: () => {
      if (statusRef.current === 'running') source?.workout?.pause();
      setStatus((s) => (s === 'running' ? 'paused' : s));
    },
    resume: () => {
      if (statusRef.current === 'paused') source?.workout?.resume();
      setStatus((s) => (s === 'paused' ? 'running' : s));
    },
    end: () => {
      source?.workout?.end();
      setStatus('ended');
    },
    reset: () => {
      session.current = undefined;
      setSource(undefined);
      setStatus('idle');
    },
    setSpeed,
  };
}
