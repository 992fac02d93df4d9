import { describe, expect, test } from 'vitest';
import { EventLoopSlices } from './event-loop-slices.ts';

/** Keeps the thread busy, as a PGlite statement does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

/** 20 statements of 5 ms, each after `before()`, chained in promise callbacks as the dialect does. */
async function chain(before: () => Promise<void> | undefined): Promise<boolean> {
  let turned = false;
  setImmediate(() => {
    turned = true;
  });
  let sawTurnAt = -1;
  for (let i = 0; i < 20; i++) {
    const turn = before();
    if (turn) await turn;
    else await Promise.resolve();
    busy(5);
    if (turned && sawTurnAt < 0) sawTurnAt = i;
  }
  // The loop turned before the chain was half done: sockets would have been read meanwhile.
  return sawTurnAt >= 0 && sawTurnAt < 10;
}

describe('event loop slices (embedded database)', () => {
  test('without them, a chain of statements never lets the event loop turn', async () => {
    expect(await chain(() => undefined)).toBe(false);
  });

  test('with them, the loop turns once a slice of 10 ms is used', async () => {
    const slices = new EventLoopSlices(10);
    expect(await chain(() => slices.beforeStatement())).toBe(true);
  });

  test('within a slice, statements run without waiting', () => {
    const slices = new EventLoopSlices(1000);
    expect(slices.beforeStatement()).toBeUndefined();
    expect(slices.beforeStatement()).toBeUndefined();
  });
});
