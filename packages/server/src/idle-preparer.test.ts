import { describe, expect, test } from 'vitest';
import type { RidePreparer } from './modules/imports/preparation-pool.ts';
import { idleClosingPreparer } from './idle-preparer.ts';

/** A stand-in pool that counts how often it is opened and closed; its work waits for `release`. */
function fakePools(threads = 2) {
  const log = { opened: 0, closed: 0 };
  let release: () => void = () => {};
  const open = (): RidePreparer => {
    log.opened++;
    const wait = () => new Promise<never>((_, reject) => (release = () => reject(new Error('done'))));
    return {
      threads,
      prepare: wait,
      reanalyse: wait,
      measureFacts: async () => ({}) as never,
      close: async () => {
        log.closed++;
      },
    };
  };
  return { log, open, release: () => release() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rider = { baseline: { history: [] }, bikeKg: null };

describe('analysis threads that leave when idle (issue 27)', () => {
  test('closes the pool after the idle time and opens a new one for the next file', async () => {
    const pools = fakePools();
    const preparer = idleClosingPreparer(pools.open, 30);
    expect(preparer.threads).toBe(2);
    await preparer.measureFacts(new Uint8Array(), {} as never);
    expect(pools.log).toEqual({ opened: 1, closed: 0 });
    await sleep(60);
    expect(pools.log).toEqual({ opened: 1, closed: 1 });
    await preparer.measureFacts(new Uint8Array(), {} as never);
    expect(pools.log).toEqual({ opened: 2, closed: 1 });
    await preparer.close();
    expect(pools.log).toEqual({ opened: 2, closed: 2 });
    await expect(preparer.measureFacts(new Uint8Array(), {} as never)).rejects.toThrow(/closed/);
  });

  test('never closes a pool with a file in flight, however long it takes', async () => {
    const pools = fakePools();
    const preparer = idleClosingPreparer(pools.open, 20);
    const slow = preparer.prepare(new Uint8Array(), 'a.fit', rider);
    await sleep(60);
    expect(pools.log.closed).toBe(0);
    pools.release();
    await expect(slow).rejects.toThrow('done');
    await sleep(50);
    expect(pools.log).toEqual({ opened: 1, closed: 1 });
    await preparer.close();
  });

  test('an inline preparer (0 threads) is used as is', () => {
    const pools = fakePools(0);
    const inline = idleClosingPreparer(pools.open, 10);
    expect(inline.threads).toBe(0);
    expect(pools.log.opened).toBe(1);
  });
});
