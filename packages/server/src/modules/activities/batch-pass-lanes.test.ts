import { generateRide } from '@vatio/formats';
import { describe, expect, test } from 'vitest';
import { nextTurn, ReadsInFlight } from '../../jobs/fair-share.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { encodeStreams } from '../../storage/stream-codec.ts';
import type { ActivityRepository, RideWithPower } from './activity.repository.ts';
import type { RideFacts, RideFactsRequest } from './ride-facts.ts';
import { RideTacticsService } from './ride-tactics.service.ts';

// Issue 28 (fair sharing): the batch pass measures rides in lanes, one per analysis thread and one in
// the main thread. A ride measured in the main thread holds it (20–80 ms) while every request in
// flight waits: the load bench's p99 went over 500 ms. The main thread's lane takes a ride only while
// no rider's read is waiting. Checked by which lane measured each ride, never by time.

const RIDES = 6;
const blob = new Uint8Array(encodeStreams(generateRide({ seed: 5, durationS: 600, ftpW: 250 }).streams));

function rides(): RideWithPower[] {
  return Array.from({ length: RIDES }, (_, k) => ({
    id: `ride-${k}`,
    start_time: new Date(Date.UTC(2026, 0, 1 + k, 8)),
    ftp_w: 250,
    // No tactics yet: every ride is stale, as after a batch whose facts were left to the pass.
    tactics: null,
    advanced_facts: null,
    blob_key: `blob-${k}`,
  }));
}

/**
 * The service on fakes, with one analysis thread whose answers the test releases one at a time (an
 * analysis thread is busy for a while with each ride). `threadMeasured` lists the rides it measured;
 * the others were measured in this thread.
 */
function passOnFakes(reads: ReadsInFlight, factsPerWrite = 1) {
  const updated: string[] = [];
  /** The rides of each statement that wrote facts. */
  const writes: string[][] = [];
  const threadMeasured: string[] = [];
  const threadWaiting: (() => void)[] = [];
  let current = '';
  const activities = {
    ridesWithPower: async () => rides(),
    curves: async () => [],
    updateRidesFacts: async (_userId: string, written: { id: string }[]) => {
      updated.push(...written.map((r) => r.id));
      writes.push(written.map((r) => r.id));
    },
  } as unknown as ActivityRepository;
  const blobs = {
    get: async (key: string) => {
      current = key.replace('blob-', 'ride-');
      return blob;
    },
  } as unknown as BlobStore;
  const service = new RideTacticsService({
    activities,
    blobs,
    now: () => new Date(Date.UTC(2026, 1, 1)),
    measureFactsThreads: 1,
    reads,
    // The lanes are told apart by when each ride's facts are written: one statement a ride here
    // (the pass writes a chunk a statement: the last test).
    factsPerWrite,
    measureFacts: (_blob: Uint8Array, _request: RideFactsRequest) => {
      threadMeasured.push(current);
      return new Promise<RideFacts>((resolve) => threadWaiting.push(() => resolve({ tactics: null })));
    },
  });
  /** Lets the analysis thread answer its rides until the pass ends. */
  const answerUntil = async (pass: Promise<number>) => {
    let done = false;
    void pass.finally(() => {
      done = true;
    });
    while (!done) {
      await nextTurn();
      threadWaiting.shift()?.();
    }
    return pass;
  };
  return { service, updated, writes, threadMeasured, threadWaiting, answerUntil };
}

describe('the batch pass shares the main thread fairly', () => {
  test('while a rider’s read waits, every ride is measured on the analysis thread', async () => {
    const reads = new ReadsInFlight();
    const endRead = reads.begin();
    const { service, updated, threadMeasured, answerUntil } = passOnFakes(reads);
    expect(await answerUntil(service.rederive('rider'))).toBe(RIDES);
    expect(updated.sort()).toEqual(rides().map((r) => r.id));
    // None measured in the main thread while the read was waiting.
    expect(threadMeasured.sort()).toEqual(rides().map((r) => r.id));
    endRead();
  });

  test('with no read waiting, the main thread measures rides beside the analysis thread', async () => {
    const reads = new ReadsInFlight();
    const { service, updated, threadMeasured, answerUntil } = passOnFakes(reads);
    expect(await answerUntil(service.rederive('rider'))).toBe(RIDES);
    expect(updated.sort()).toEqual(rides().map((r) => r.id));
    // An idle server keeps the pass's speed: the main thread took the rides the thread was busy for.
    expect(threadMeasured.length).toBeLessThan(RIDES);
  });

  test('a read arriving mid-pass sends the remaining rides to the analysis thread; its end lets the main thread in again', async () => {
    const reads = new ReadsInFlight();
    const { service, updated, threadMeasured, threadWaiting } = passOnFakes(reads);
    const endRead = reads.begin();
    let ended = false;
    const pass = service.rederive('rider').finally(() => {
      ended = true;
    });
    // While the read waits, the thread's first ride is pending and the main thread takes nothing.
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(threadMeasured).toHaveLength(1);
    expect(updated).toHaveLength(0);
    // The read answered: the main thread measures the rest while the thread is still on its first.
    endRead();
    for (let i = 0; i < 40 && updated.length < RIDES - 1; i++) await nextTurn();
    expect(updated).toHaveLength(RIDES - 1);
    expect(ended).toBe(false);
    expect(threadMeasured).toHaveLength(1);
    threadWaiting.shift()!();
    expect(await pass).toBe(RIDES);
    expect(updated).toHaveLength(RIDES);
  });

  test('the measured facts are written a chunk of rides a statement, not one statement a ride', async () => {
    // Issue 28: the pass after a 1,000-ride import wrote 999 one-ride statements. A chunk at a time,
    // the last one when the pass ends.
    const reads = new ReadsInFlight();
    const { service, updated, writes, answerUntil } = passOnFakes(reads, 4);
    expect(await answerUntil(service.rederive('rider'))).toBe(RIDES);
    expect(updated.sort()).toEqual(rides().map((r) => r.id));
    expect(writes.map((w) => w.length)).toEqual([4, RIDES - 4]);
  });
});
