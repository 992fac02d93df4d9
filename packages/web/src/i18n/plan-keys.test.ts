import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKOUT_LIBRARY, WORKOUT_PURPOSES } from '@vatio/analysis';
import { describe, expect, test } from 'vitest';

// The analysis package names workouts by key; their words live in the `plan` namespace.
type Messages = { [key: string]: string | Messages };
const lookup = (messages: Messages, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages);

describe('plan namespace', () => {
  for (const language of ['es', 'en']) {
    test(`${language}: every library workout and purpose has words`, () => {
      const messages = JSON.parse(
        readFileSync(join(import.meta.dirname, 'locales', language, 'plan.json'), 'utf8'),
      ) as Messages;
      const missing = [
        ...WORKOUT_LIBRARY.flatMap((w) => [w.nameKey, w.descriptionKey]),
        ...WORKOUT_PURPOSES.map((p) => `purpose.${p}`),
      ].filter((key) => typeof lookup(messages, key) !== 'string');
      expect(missing).toEqual([]);
    });
  }
});
