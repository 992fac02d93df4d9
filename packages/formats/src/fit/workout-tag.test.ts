import { Encoder, type Mesg, Profile } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
// The browser's own writer of the reference (the live ride's FIT file), used as the web uses it.
import { tagFitWithWorkout } from '../../../web/src/screens/Live/fitWorkoutTag.ts';
import { decodeFit } from './decode-fit.ts';
import { encodeFit } from './encode.ts';
import { generateRide } from '../synthetic/ride.ts';
import { parseWorkoutTag } from './workout-tag.ts';

/** A message number of the FIT profile (the SDK types the table as possibly undefined). */
const mesg = (name: string): number => {
  const n = Profile.MesgNum[name];
  if (n === undefined) throw new Error(`FIT profile has no message ${name}`);
  return n;
};

/** A message with the SDK's own field names (its onMesg types only the base Mesg). */
const write = (encoder: Encoder, name: string, fields: Record<string, unknown>) =>
  encoder.onMesg(mesg(name), fields as Mesg);

const ride = () => generateRide({ seed: 7, durationS: 600, startTime: new Date('2030-01-16T09:00:00Z') });

describe('the workout reference of a FIT file', () => {
  it("reads the reference the live ride writes into the workout message's description", () => {
    const bytes = tagFitWithWorkout(encodeFit(ride()), 'Umbral 2 × 20 min', 'library:threshold-2x20');
    for (const fastPath of [true, false]) {
      const decoded = decodeFit(bytes, { fastPath });
      expect(decoded.workoutTag).toEqual({ kind: 'library', ref: 'threshold-2x20' });
      expect(decoded.integrity).toBe(true);
    }
  });

  it("reads a rider's own workout and any other kind as written (a planned day)", () => {
    const own = 'own:0b6f3c2e-4a3b-4c59-9a51-2f7d5b0d8e11';
    expect(decodeFit(tagFitWithWorkout(encodeFit(ride()), 'Mine', own)).workoutTag).toEqual({
      kind: 'own',
      ref: '0b6f3c2e-4a3b-4c59-9a51-2f7d5b0d8e11',
    });
    expect(decodeFit(tagFitWithWorkout(encodeFit(ride()), 'Day', 'plan:2030-01-16')).workoutTag).toEqual({
      kind: 'plan',
      ref: '2030-01-16',
    });
  });

  it('reads it from a workout message written by the Garmin SDK before the records, as a head unit does', () => {
    const encoder = new Encoder();
    const t0 = new Date('2030-01-16T09:00:00Z');
    write(encoder, 'FILE_ID', {
      type: 'activity',
      manufacturer: 'development',
      product: 0,
      timeCreated: t0,
      serialNumber: 1,
    });
    write(encoder, 'WORKOUT', {
      sport: 'cycling',
      wktName: 'Sweet spot',
      wktDescription: 'vatio-workout:own:42',
      numValidSteps: 1,
    });
    write(encoder, 'EVENT', { timestamp: t0, event: 'timer', eventType: 'start' });
    for (let s = 0; s < 120; s++)
      write(encoder, 'RECORD', { timestamp: new Date(t0.getTime() + s * 1000), power: 200 });
    const decoded = decodeFit(encoder.close());
    expect(decoded.workoutTag).toEqual({ kind: 'own', ref: '42' });
    expect(decoded.streams.powerW?.[60]).toBe(200);
  });

  it('has none without a workout message', () => {
    expect(decodeFit(encodeFit(ride())).workoutTag).toBeUndefined();
    expect('workoutTag' in decodeFit(encodeFit(ride()))).toBe(false);
  });

  it('takes only a well-formed Vatio reference: a head unit’s own text or a damaged one is none', () => {
    for (const text of [
      'Intervals on the hill',
      'vatio-workout:',
      'vatio-workout:library',
      'vatio-workout:library:',
      'vatio-workout::threshold',
      'vatio-workout:Library:threshold',
      'vatio-workout:library:two words',
      'vatio-workout:library:\u0000',
      `vatio-workout:library:${'x'.repeat(161)}`,
      'VATIO-WORKOUT:library:x',
      42,
      undefined,
    ])
      expect(parseWorkoutTag(text)).toBeUndefined();
    // The ref may hold colons (a planned day with its workout); it is kept whole.
    expect(parseWorkoutTag('vatio-workout:plan:2030-01-16:library:vo2max-4x8')).toEqual({
      kind: 'plan',
      ref: '2030-01-16:library:vo2max-4x8',
    });
  });

  it('ignores a damaged reference and still decodes the ride', () => {
    const decoded = decodeFit(tagFitWithWorkout(encodeFit(ride()), 'X', 'library: bad ref'));
    expect(decoded.workoutTag).toBeUndefined();
    expect(decoded.streams.powerW?.length).toBe(601);
  });
});
