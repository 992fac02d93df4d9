import type { FitMessages } from '@garmin/fitsdk';
import type { WorkoutTag } from '../activity.ts';

/**
 * The workout a ride was ridden from, as Vatio's live ride writes it into the FIT file it uploads
 * (packages/web/src/screens/Live/fitWorkoutTag.ts): a `workout` message (FIT Profile.xlsx, global
 * message 26) whose `wkt_description` (field 17, string) reads `vatio-workout:<kind>:<ref>`, e.g.
 * `vatio-workout:library:threshold-2x20` or `vatio-workout:own:<uuid>`. Kinds are kept as written
 * (new ones, such as a planned day, are read the same way); what a kind means is the server's call.
 * Anything else in the description (a head unit's own text, a damaged reference) is no reference.
 */
export const WORKOUT_TAG_PREFIX = 'vatio-workout:';

/** Kind: a short lower-case word; ref: printable ASCII without spaces, as ids and dates are. */
const KIND = /^[a-z][a-z0-9_-]{0,31}$/;
const REF = /^[\x21-\x7e]{1,160}$/;

export function parseWorkoutTag(text: unknown): WorkoutTag | undefined {
  if (typeof text !== 'string' || !text.startsWith(WORKOUT_TAG_PREFIX)) return undefined;
  const body = text.slice(WORKOUT_TAG_PREFIX.length).trim();
  const colon = body.indexOf(':');
  if (colon < 0) return undefined;
  const kind = body.slice(0, colon);
  const ref = body.slice(colon + 1);
  return KIND.test(kind) && REF.test(ref) ? { kind, ref } : undefined;
}

/**
 * The first workout message whose description is a Vatio reference. The SDK reads wkt_description
 * (profile `array: true` string) as a string, or as an array of strings when the field holds several.
 */
export function workoutTagOf(messages: FitMessages): WorkoutTag | undefined {
  for (const m of messages.workoutMesgs ?? []) {
    const description: unknown = m.wktDescription;
    const texts = Array.isArray(description) ? description : [description];
    for (const text of texts) {
      const tag = parseWorkoutTag(text);
      if (tag) return tag;
    }
  }
  return undefined;
}

/** The Activity's `workoutTag` key only when there is one (a ride without stays as it was). */
export const withWorkoutTag = (tag: WorkoutTag | undefined): { workoutTag?: WorkoutTag } =>
  tag ? { workoutTag: tag } : {};
