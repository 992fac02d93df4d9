import { describe, expect, test } from 'vitest';
import { waitForSync, waitUntil } from './wait.ts';

// The shared poll loop of the server tests: what it returns, when it gives up, what it says then.
describe('waitUntil', () => {
  test('asks again until the answer holds, and returns that answer', async () => {
    let asked = 0;
    const answer = await waitUntil(
      'never three',
      async () => ++asked,
      (n) => n === 3,
      { pollMs: 1 },
    );
    expect(answer).toBe(3);
    expect(asked).toBe(3);
  });

  test('gives up after its time, naming what it waited for and the last answer', async () => {
    const started = Date.now();
    await expect(
      waitUntil(
        'the queue did not drain',
        async () => ({ open: 2 }),
        () => false,
        { timeoutMs: 50, pollMs: 10 },
      ),
    ).rejects.toThrow('the queue did not drain (last: {"open":2})');
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('waitForSync', () => {
  test('shows every status before the end to onPoll, none after, and returns the ended one', async () => {
    const answers = [null, { status: 'processing' }, { status: 'processing' }, { status: 'completed' }];
    const seen: string[] = [];
    let k = 0;
    const ended = await waitForSync(async () => answers[Math.min(k++, answers.length - 1)]!, {
      onPoll: (s) => seen.push(s.status),
    });
    expect(ended).toEqual({ status: 'completed' });
    expect(seen).toEqual(['processing', 'processing']);
  });

  test('an error ends the sync too', async () => {
    expect(await waitForSync(async () => ({ status: 'error' }))).toEqual({ status: 'error' });
  });
});
