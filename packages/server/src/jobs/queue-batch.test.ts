import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { waitUntil } from '../test/wait.ts';
import { type JobQueue, QUEUES, startJobQueue } from './queue.ts';

let database: DatabaseHandle;
let queue: JobQueue;
beforeAll(async () => {
  database = await openTestDatabase();
  queue = await startJobQueue(database, {});
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

describe('a worker’s batch of jobs (issue 28)', () => {
  it('starts every job of the batch at once, the handler bounding how many run', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const finished: number[] = [];
    let release!: () => void;
    const allStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    await queue.work<{ n: number }>(
      QUEUES.importFile,
      async ({ n }) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        if (running === 4) release();
        // One after the other, the first job would wait here for the fourth to start: for ever.
        await Promise.race([allStarted, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        running--;
        finished.push(n);
      },
      { batchSize: 4 },
    );
    await queue.sendMany(QUEUES.importFile, [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    await waitUntil(
      'the four jobs ran',
      async () => finished.length,
      (n) => n === 4,
      { pollMs: 20 },
    );
    expect(mostAtOnce).toBe(4);
  });
});
