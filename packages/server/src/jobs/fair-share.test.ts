import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { countReadsInFlight } from '../http/reads-in-flight.ts';
import { ImportAdmission, ReadsInFlight, nextTurn } from './fair-share.ts';

// Issue 28 (fair sharing): background imports step back while riders' reads are waiting. These
// check the admission policy itself, by its order, never by time (timings belong in bench/load.ts).

/** Whether `promise` has settled once the microtasks and a turn of the event loop have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await nextTurn();
  return done;
}

describe('ImportAdmission', () => {
  test('while a read waits, files beyond the busy limit wait; the read ending admits them', async () => {
    const reads = new ReadsInFlight();
    const admission = new ImportAdmission(reads, { whileIdle: 3, whileReadsWait: 1 });
    const endRead = reads.begin();
    const first = admission.enter();
    const second = admission.enter();
    expect(await settled(first)).toBe(true);
    // A file more than the busy limit would hold the main thread's share the reads need.
    expect(await settled(second)).toBe(false);
    expect(admission.inFlight).toBe(1);
    endRead();
    // No read left: the idle limit holds again, and the waiting file goes.
    expect(await settled(second)).toBe(true);
    expect(admission.inFlight).toBe(2);
  });

  test('with no read waiting, files run up to the idle limit, then one leaving lets the next in', async () => {
    const reads = new ReadsInFlight();
    const admission = new ImportAdmission(reads, { whileIdle: 2, whileReadsWait: 1 });
    const a = admission.enter();
    const b = admission.enter();
    const c = admission.enter();
    expect(await settled(a)).toBe(true);
    expect(await settled(b)).toBe(true);
    expect(await settled(c)).toBe(false);
    (await a)();
    expect(await settled(c)).toBe(true);
  });

  test('a file admitted before reads arrived keeps its place; the next waits for the busy limit', async () => {
    const reads = new ReadsInFlight();
    const admission = new ImportAdmission(reads, { whileIdle: 3, whileReadsWait: 1 });
    const leaveA = await admission.enter();
    const leaveB = await admission.enter();
    const endRead = reads.begin();
    const c = admission.enter();
    expect(await settled(c)).toBe(false);
    leaveA();
    // Still one in flight (B), at the busy limit: C waits.
    expect(await settled(c)).toBe(false);
    leaveB();
    expect(await settled(c)).toBe(true);
    // Releasing twice counts once.
    leaveB();
    expect(admission.inFlight).toBe(1);
    endRead();
  });

  test('without an HTTP server (a worker process) the idle limit always holds', async () => {
    const admission = new ImportAdmission(undefined, { whileIdle: 2, whileReadsWait: 1 });
    expect(await settled(admission.enter())).toBe(true);
    expect(await settled(admission.enter())).toBe(true);
    expect(admission.limit).toBe(2);
  });
});

describe('countReadsInFlight', () => {
  test('a GET counts from its arrival to its answer; writes and uncounted reads do not', async () => {
    const app = Fastify();
    const reads = new ReadsInFlight();
    countReadsInFlight(app, reads, (url) => url === '/progress');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let seenInside = -1;
    app.get('/slow', async () => {
      seenInside = reads.waiting;
      await held;
      return { ok: true };
    });
    app.post('/write', async () => ({ waiting: reads.waiting }));
    app.get('/progress', async () => ({ waiting: reads.waiting }));
    await app.ready();
    const answer = app.inject({ method: 'GET', url: '/slow' });
    await nextTurn();
    await nextTurn();
    expect(seenInside).toBe(1);
    expect(reads.waiting).toBe(1);
    const idle = reads.whenIdle();
    expect(await settled(idle)).toBe(false);
    // A write while the read waits: counted as nothing of its own.
    expect((await app.inject({ method: 'POST', url: '/write' })).json()).toEqual({ waiting: 1 });
    // Nor does a read the server says is the background work's own (an import's progress).
    expect((await app.inject({ method: 'GET', url: '/progress' })).json()).toEqual({ waiting: 1 });
    release();
    expect((await answer).statusCode).toBe(200);
    await idle;
    expect(reads.waiting).toBe(0);
    // A read of a route that does not exist ends too.
    expect((await app.inject({ method: 'GET', url: '/nothing' })).statusCode).toBe(404);
    expect(reads.waiting).toBe(0);
    await app.close();
  });
});

describe('ReadsInFlight', () => {
  test('a forgotten idle waiter is not woken; the others are, once the last read ends', async () => {
    const reads = new ReadsInFlight();
    const woken: string[] = [];
    const endA = reads.begin();
    const endB = reads.begin();
    const forget = reads.onIdle(() => woken.push('forgotten'));
    reads.onIdle(() => woken.push('kept'));
    forget();
    endA();
    expect(woken).toEqual([]);
    endB();
    endB();
    expect(woken).toEqual(['kept']);
    expect(reads.waiting).toBe(0);
    reads.onIdle(() => woken.push('at once'));
    expect(woken).toEqual(['kept', 'at once']);
  });
});
