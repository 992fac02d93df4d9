import { parseWorkoutText } from '@vatio/analysis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErgControl, RESPONSE_TIMEOUT_MS } from './ergControl';
import { ergTargetAt, progressAt, targetStatus, workoutPlan } from './workoutRide';

/** A trainer's control point: records each write and answers 0x80, op, result (FTMS §4.16). */
function fakeTrainer(result: (op: number) => number | undefined) {
  const writes: number[][] = [];
  let erg: ErgControl;
  const link = {
    write: async (bytes: Uint8Array) => {
      writes.push([...bytes]);
      const r = result(bytes[0]!);
      if (r !== undefined)
        queueMicrotask(() => erg.onIndication(new DataView(Uint8Array.of(0x80, bytes[0]!, r).buffer)));
    },
  };
  erg = new ErgControl(link, { minW: 0, maxW: 2000, incrementW: 1 }, () => {});
  return { erg, writes };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

afterEach(() => vi.useRealTimers());

describe('ErgControl', () => {
  it('requests control, starts, then sets each new target once', async () => {
    const { erg, writes } = fakeTrainer(() => 0x01);
    expect(await erg.takeControl()).toBe('erg');
    erg.setTarget(200);
    await flush();
    erg.setTarget(200.3); // same whole watt: nothing written
    await flush();
    erg.setTarget(250);
    await flush();
    expect(writes).toEqual([[0x00], [0x07], [0x05, 0xc8, 0x00], [0x05, 0xfa, 0x00]]);
    expect(erg.acceptedW).toBe(250);
  });

  it('falls back to following the targets when control is not permitted', async () => {
    const { erg, writes } = fakeTrainer((op) => (op === 0x00 ? 0x05 : 0x01));
    expect(await erg.takeControl()).toBe('follow');
    expect(erg.reason).toBe('notPermitted');
    erg.setTarget(200);
    await flush();
    expect(writes).toEqual([[0x00]]);
  });

  it('falls back when the trainer never answers', async () => {
    vi.useFakeTimers();
    const { erg } = fakeTrainer(() => undefined);
    const mode = erg.takeControl();
    await vi.advanceTimersByTimeAsync(RESPONSE_TIMEOUT_MS + 1);
    expect(await mode).toBe('follow');
    expect(erg.reason).toBe('noResponse');
  });

  it('stops steering when the trainer reports control lost (status 0xFF)', async () => {
    const { erg } = fakeTrainer(() => 0x01);
    await erg.takeControl();
    erg.onStatus(new DataView(Uint8Array.of(0xff).buffer));
    expect(erg.mode).toBe('follow');
    expect(erg.reason).toBe('controlLost');
  });
});

describe('workout progress', () => {
  // 1 min ramp 50 → 70 % then 30 s at 120 %, free 10 s; FTP 250 W.
  const parsed = parseWorkoutText('wu ramp 1m 50-70%, 30s 120%, free 10s');
  if (!parsed.ok) throw new Error('bad text');
  const plan = workoutPlan({ source: 'library', id: 'x' }, 'x', parsed.workout, 250);

  it('places steps, counts down and previews the next', () => {
    const p = progressAt(plan, 45);
    expect(p.step?.index).toBe(0);
    expect(p.stepLeftS).toBe(15);
    expect(p.next?.index).toBe(1);
    expect(progressAt(plan, 100).done).toBe(true);
  });

  it('ramps per second and holds the interval', () => {
    // Second 0 of the ramp: 125 + (175 − 125)·0.5/60 = 125.4167 W; second 59: 125 + 50·59.5/60 = 174.583 W.
    expect(ergTargetAt(plan, 0)).toBeCloseTo(125.4167, 3);
    expect(ergTargetAt(plan, 59)).toBeCloseTo(174.5833, 3);
    expect(ergTargetAt(plan, 60)).toBe(300); // 120 % of 250
    expect(ergTargetAt(plan, 95)).toBeUndefined(); // free ride: no ERG
  });

  it('judges power against the target as the plan compliance does', () => {
    const interval = plan.steps[1]!; // 300 W single value: on target within ±5 %, 285–315 W
    expect(targetStatus(interval, 0, 284)).toBe('below');
    expect(targetStatus(interval, 0, 285)).toBe('on');
    expect(targetStatus(interval, 0, 315)).toBe('on');
    expect(targetStatus(interval, 0, 316)).toBe('above');
    expect(targetStatus(interval, 0, undefined)).toBeUndefined();
    expect(targetStatus(plan.steps[2]!, 0, 200)).toBeUndefined(); // free ride
  });
});
