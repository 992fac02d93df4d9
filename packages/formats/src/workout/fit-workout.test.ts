import { Decoder, Encoder, Profile, Stream } from '@garmin/fitsdk';
import type { Workout } from '@vatio/analysis';
import { describe, expect, it } from 'vitest';
import { WorkoutExportError } from './errors.ts';
import { workoutToFit } from './fit-workout.ts';

/**
 * The FIT workout file read back with Garmin's own Decoder. Every expected value is worked by hand from
 * the workout and the FIT Profile (workout_step: time in ms; workout_power 0–1000 = % FTP, watts + 1000;
 * hr zone in target_value; repeat_until_steps_cmplt → duration_value = first step's message_index,
 * target_value = repetitions), never taken from the encoder.
 */

const CREATED = new Date('2026-03-01T06:30:00Z');

// wu ramp 10m 50-75%, 3x(10m 88-94% @90rpm, 5m 50%), 5m 250W, 5m Z2, free 5m @85rpm, cd ramp 10m 65-45%
const SWEET_SPOT: Workout = {
  steps: [
    { kind: 'warmup', durationS: 600, target: { type: 'ftpPercent', low: 50, high: 75 }, ramp: true },
    {
      kind: 'repeat',
      count: 3,
      steps: [
        { kind: 'steady', durationS: 600, target: { type: 'ftpPercent', low: 88, high: 94 }, cadenceRpm: 90 },
        { kind: 'steady', durationS: 300, target: { type: 'ftpPercent', low: 50, high: 50 } },
      ],
    },
    { kind: 'steady', durationS: 300, target: { type: 'watts', low: 250, high: 250 } },
    { kind: 'steady', durationS: 300, target: { type: 'hrZone', zone: 2 } },
    { kind: 'free', durationS: 300, cadenceRpm: 85 },
    { kind: 'cooldown', durationS: 600, target: { type: 'ftpPercent', low: 65, high: 45 }, ramp: true },
  ],
};

type Mesg = Record<string, unknown>;

function decode(bytes: Uint8Array): {
  integrity: boolean;
  errors: unknown[];
  messages: Record<string, Mesg[]>;
} {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  const integrity = decoder.checkIntegrity();
  const { messages, errors } = decoder.read();
  return { integrity, errors, messages: messages as unknown as Record<string, Mesg[]> };
}

/** The raw fields of a workout_step (the Decoder also adds the sub-field names: see the other test). */
const RAW = [
  'messageIndex',
  'durationType',
  'durationValue',
  'targetType',
  'targetValue',
  'customTargetValueLow',
  'customTargetValueHigh',
  'intensity',
  'secondaryTargetType',
  'secondaryTargetValue',
  'secondaryCustomTargetValueLow',
  'secondaryCustomTargetValueHigh',
];
const raw = (m: Mesg) => Object.fromEntries(RAW.filter((k) => k in m).map((k) => [k, m[k]]));

const EXPECTED_STEPS: Mesg[] = [
  // 10 min = 600 000 ms; a ramp has no FIT form: the band from its smaller to its larger end, in % FTP.
  {
    messageIndex: 0,
    durationType: 'time',
    durationValue: 600_000,
    targetType: 'power',
    targetValue: 0,
    customTargetValueLow: 50,
    customTargetValueHigh: 75,
    intensity: 'warmup',
  },
  {
    messageIndex: 1,
    durationType: 'time',
    durationValue: 600_000,
    targetType: 'power',
    targetValue: 0,
    customTargetValueLow: 88,
    customTargetValueHigh: 94,
    intensity: 'active',
    secondaryTargetType: 'cadence',
    secondaryTargetValue: 0,
    secondaryCustomTargetValueLow: 90,
    secondaryCustomTargetValueHigh: 90,
  },
  // 50 % FTP is Coggan's level 1 (≤ 55 %): rest.
  {
    messageIndex: 2,
    durationType: 'time',
    durationValue: 300_000,
    targetType: 'power',
    targetValue: 0,
    customTargetValueLow: 50,
    customTargetValueHigh: 50,
    intensity: 'rest',
  },
  // Back to step 1, three times in all.
  {
    messageIndex: 3,
    durationType: 'repeatUntilStepsCmplt',
    durationValue: 1,
    targetType: 'open',
    targetValue: 3,
  },
  // 250 W → 250 + 1000.
  {
    messageIndex: 4,
    durationType: 'time',
    durationValue: 300_000,
    targetType: 'power',
    targetValue: 0,
    customTargetValueLow: 1250,
    customTargetValueHigh: 1250,
    intensity: 'active',
  },
  {
    messageIndex: 5,
    durationType: 'time',
    durationValue: 300_000,
    targetType: 'heartRate',
    targetValue: 2,
    intensity: 'active',
  },
  // Free ride with a cadence: cadence is the only target.
  {
    messageIndex: 6,
    durationType: 'time',
    durationValue: 300_000,
    targetType: 'cadence',
    targetValue: 0,
    customTargetValueLow: 85,
    customTargetValueHigh: 85,
    intensity: 'active',
  },
  {
    messageIndex: 7,
    durationType: 'time',
    durationValue: 600_000,
    targetType: 'power',
    targetValue: 0,
    customTargetValueLow: 45,
    customTargetValueHigh: 65,
    intensity: 'cooldown',
  },
];

describe('workoutToFit', () => {
  it('writes a workout file that the FIT SDK reads back field by field', () => {
    const bytes = workoutToFit(SWEET_SPOT, { name: 'Sweet spot 3×10', createdAt: CREATED, ftpW: 250 });
    const { integrity, errors, messages } = decode(bytes);
    expect(integrity).toBe(true);
    expect(errors).toEqual([]);

    const [fileId, ...moreIds] = messages.fileIdMesgs ?? [];
    expect(moreIds).toEqual([]);
    expect(fileId).toMatchObject({ type: 'workout', manufacturer: 'development', product: 0 });
    expect((fileId?.timeCreated as Date | undefined)?.toISOString()).toBe('2026-03-01T06:30:00.000Z');
    expect(fileId?.serialNumber).toEqual(expect.any(Number));
    expect(fileId?.serialNumber).not.toBe(0);

    expect(messages.workoutMesgs).toEqual([
      { wktName: 'Sweet spot 3×10', sport: 'cycling', numValidSteps: 8 },
    ]);
    expect((messages.workoutStepMesgs ?? []).map(raw)).toEqual(EXPECTED_STEPS);
  });

  it('puts file_id first and workout before its steps, as the Workout file type requires', () => {
    const bytes = workoutToFit(SWEET_SPOT, { name: 'Order', createdAt: CREATED });
    const order: string[] = [];
    new Decoder(Stream.fromByteArray(bytes)).read({
      mesgListener: (mesgNum: number) => order.push(String(mesgNum)),
    });
    const n = Profile.MesgNum;
    expect(order).toEqual([n.FILE_ID, n.WORKOUT, ...Array(8).fill(n.WORKOUT_STEP)].map(String));
  });

  it('is read through the Profile sub-fields as seconds, watts and repeat counts', () => {
    const { messages } = decode(workoutToFit(SWEET_SPOT, { name: 'Sub-fields', createdAt: CREATED }));
    const steps = messages.workoutStepMesgs ?? [];
    expect(steps[0]).toMatchObject({ durationTime: 600, targetPowerZone: 0, customTargetPowerLow: 50 });
    expect(steps[3]).toMatchObject({ durationStep: 1, repeatSteps: 3 });
    expect(steps[4]).toMatchObject({ customTargetPowerLow: 1250, customTargetPowerHigh: 1250 });
    expect(steps[5]).toMatchObject({ targetHrZone: 2 });
  });

  it('is byte for byte what the SDK Encoder writes for the hand-worked messages', () => {
    const bytes = workoutToFit(SWEET_SPOT, { name: 'Sweet spot 3×10', createdAt: CREATED, ftpW: 250 });
    const serialNumber = decode(bytes).messages.fileIdMesgs?.[0]?.serialNumber;
    const encoder = new Encoder();
    const mesgNum = (name: string) => {
      const n = Profile.MesgNum[name];
      if (n === undefined) throw new Error(name);
      return n;
    };
    encoder.onMesg(mesgNum('FILE_ID'), {
      type: 'workout',
      manufacturer: 'development',
      product: 0,
      timeCreated: CREATED,
      serialNumber,
    } as never);
    encoder.onMesg(mesgNum('WORKOUT'), {
      wktName: 'Sweet spot 3×10',
      sport: 'cycling',
      numValidSteps: 8,
    } as never);
    for (const step of EXPECTED_STEPS) encoder.onMesg(mesgNum('WORKOUT_STEP'), step as never);
    expect(Buffer.from(bytes).equals(Buffer.from(encoder.close()))).toBe(true);
  });

  it('calls a recovery in watts rest only when the FTP says it is one, and skips a repeat done once', () => {
    const workout: Workout = {
      steps: [
        {
          kind: 'repeat',
          count: 1,
          steps: [{ kind: 'steady', durationS: 120, target: { type: 'watts', low: 130, high: 130 } }],
        },
        { kind: 'steady', durationS: 60, target: { type: 'hrZone', zone: 1 } },
      ],
    };
    const withFtp = decode(workoutToFit(workout, { name: 'R', createdAt: CREATED, ftpW: 250 }));
    // 130 W / 250 W = 52 % ≤ 55 %: rest. Without an FTP the level is unknown: active.
    expect((withFtp.messages.workoutStepMesgs ?? []).map((m) => [m.durationType, m.intensity])).toEqual([
      ['time', 'rest'],
      ['time', 'rest'],
    ]);
    expect(withFtp.messages.workoutMesgs?.[0]?.numValidSteps).toBe(2);
    const without = decode(workoutToFit(workout, { name: 'R', createdAt: CREATED }));
    expect(without.messages.workoutStepMesgs?.[0]?.intensity).toBe('active');
  });

  it('keeps a long or unusual name within a FIT string and the file intact', () => {
    const name = `Umbral ñandú 🚴 ${'x'.repeat(400)}\u0000\n`;
    const { integrity, messages } = decode(workoutToFit(SWEET_SPOT, { name, createdAt: CREATED }));
    expect(integrity).toBe(true);
    const written = String(messages.workoutMesgs?.[0]?.wktName);
    expect(written.startsWith('Umbral ñandú 🚴 xxx')).toBe(true);
    expect(new TextEncoder().encode(written).length).toBe(254);
  });

  it('writes the description when there is one', () => {
    const { messages } = decode(
      workoutToFit(SWEET_SPOT, { name: 'D', description: 'Tres bloques\nal 88–94 %', createdAt: CREATED }),
    );
    expect(messages.workoutMesgs).toEqual([
      { wktName: 'D', sport: 'cycling', numValidSteps: 8, wktDescription: 'Tres bloques al 88–94 %' },
    ]);
  });

  it('gives two workouts created apart different serial numbers', () => {
    const a = decode(workoutToFit(SWEET_SPOT, { name: 'A', createdAt: CREATED }));
    const b = decode(workoutToFit(SWEET_SPOT, { name: 'A', createdAt: new Date(CREATED.getTime() + 1000) }));
    expect(a.messages.fileIdMesgs?.[0]?.serialNumber).not.toBe(b.messages.fileIdMesgs?.[0]?.serialNumber);
  });

  it('refuses an invalid workout with the model issues', () => {
    const bad: Workout = {
      steps: [{ kind: 'steady', durationS: 0, target: { type: 'ftpPercent', low: 90, high: 90 } }],
    };
    const error = (() => {
      try {
        workoutToFit(bad, { name: 'Bad', createdAt: CREATED });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(WorkoutExportError);
    expect(error).toMatchObject({
      code: 'INVALID_WORKOUT',
      format: 'fit',
      issues: [{ code: 'stepDurationInvalid', path: [0] }],
    });
  });
});
