import type { EventMesg } from '@garmin/fitsdk';
import type { ActivityEvent } from '../activity.ts';
import { enumName, num } from './fit-values.ts';

const TIMER_EVENT = 0; // FIT profile, type event: timer
const START = 0; // event_type start
/** event_type stop, stop_all, stop_disable, stop_disable_all: every way a timer stops. */
const STOPS = new Set([1, 4, 8, 9]);

export interface TimerState {
  /** [stopS, startS) in seconds after the activity start. */
  pauses: Array<[number, number]>;
  /** Seconds the timer ran, or undefined when the file has no timer events. */
  timerTimeS: number | undefined;
}

export function eventsToActivityEvents(events: readonly EventMesg[], startFit: number): ActivityEvent[] {
  const out: ActivityEvent[] = [];
  for (const e of events) {
    const ts = num(e.timestamp);
    if (ts === undefined) continue;
    out.push({
      timeS: ts - startFit,
      event: enumName('event', e.event) ?? 'unknown',
      eventType: enumName('eventType', e.eventType) ?? 'unknown',
      data: num(e.data),
    });
  }
  return out.sort((a, b) => a.timeS - b.timeS);
}

/**
 * Replays timer start/stop events: each stop followed by a start is a pause. The timer time is the sum
 * of running intervals up to `endS` (the end of the data), matching what head units count as moving time.
 */
export function timerFromEvents(events: readonly EventMesg[], startFit: number, endS: number): TimerState {
  const timer = events
    .filter((e) => num(e.event) === TIMER_EVENT && num(e.timestamp) !== undefined)
    .map((e) => ({ t: (num(e.timestamp) ?? 0) - startFit, type: num(e.eventType) }))
    .sort((a, b) => a.t - b.t);
  if (timer.length === 0) return { pauses: [], timerTimeS: undefined };
  const pauses: Array<[number, number]> = [];
  let running = false;
  let runStart = 0;
  let stoppedAt: number | undefined;
  let total = 0;
  for (const { t, type } of timer) {
    if (type === START && !running) {
      if (stoppedAt !== undefined && t > stoppedAt) pauses.push([stoppedAt, t]);
      running = true;
      runStart = t;
      stoppedAt = undefined;
    } else if (type !== undefined && STOPS.has(type) && running) {
      running = false;
      total += Math.max(0, t - runStart);
      stoppedAt = t;
    }
  }
  if (running) total += Math.max(0, endS - runStart);
  return { pauses, timerTimeS: total };
}
