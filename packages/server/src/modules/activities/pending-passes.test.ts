import { describe, expect, test } from 'vitest';
import type { BatchPassRead } from './batch-pass.repository.ts';
import { BatchPasses } from './batch-pass.ts';
import type { PendingPass } from './pending-pass.repository.ts';
import { runPendingPasses } from './pending-passes.ts';

// Issue 28 (trust): the pieces of the durable, locked batch pass on their own (the routes tests run
// them through the server: delete-pass-durable.routes.test.ts, and on PostgreSQL
// batch-pass-lock.postgres.test.ts, delete-pass-crash.postgres.test.ts).

const EMPTY: BatchPassRead = { estimated: [], withPower: [], curves: [], baseline: { history: [] } };

describe('BatchPasses with a rider lock', () => {
  test('the pass reads, writes and settles inside the rider’s lock', async () => {
    const events: string[] = [];
    const passes = new BatchPasses({
      reads: {
        read: async () => {
          events.push('read');
          return EMPTY;
        },
      },
      rideTactics: {
        remeasure: async () => {
          events.push('write');
          return 0;
        },
      },
      lock: {
        hold: async (userId, work) => {
          events.push(`lock ${userId}`);
          try {
            return await work();
          } finally {
            events.push(`unlock ${userId}`);
          }
        },
      },
    });
    await passes.run(
      'r1',
      { curvesChangedAt: [new Date(0)] },
      { settle: async () => void events.push('settle') },
    );
    expect(events).toEqual(['lock r1', 'read', 'write', 'settle', 'unlock r1']);
  });
});

describe('runPendingPasses', () => {
  function store(owed: Record<string, PendingPass[]>) {
    const removed: string[] = [];
    return {
      removed,
      pending: {
        riders: async () => Object.keys(owed),
        ofRider: async (userId: string) => owed[userId] ?? [],
        remove: async (_userId: string, ids: readonly string[]) => void removed.push(...ids),
      },
    };
  }

  test('one pass per rider over all their records, which it removes once it has written', async () => {
    const t1 = new Date('2026-01-01T08:00:00Z');
    const t2 = new Date('2026-03-01T08:00:00Z');
    const { pending, removed } = store({
      r1: [
        { id: 'a', curvesChangedAt: t1 },
        { id: 'b', curvesChangedAt: t2 },
      ],
      r2: [{ id: 'c', curvesChangedAt: t2 }],
    });
    const ran: unknown[] = [];
    const swept = await runPendingPasses(
      {
        pending,
        passes: {
          run: async (userId, scope, options) => {
            ran.push({ userId, scope });
            await options?.settle?.();
          },
        },
        log: () => {},
      },
      0,
    );
    expect(ran).toEqual([
      { userId: 'r1', scope: { curvesChangedAt: [t1, t2] } },
      { userId: 'r2', scope: { curvesChangedAt: [t2] } },
    ]);
    expect(removed).toEqual(['a', 'b', 'c']);
    expect(swept).toEqual({ riders: 2, passes: 3, failed: 0 });
  });

  test('a pass that fails keeps its records and is logged; the other riders’ still run', async () => {
    const { pending, removed } = store({
      r1: [{ id: 'a', curvesChangedAt: new Date(0) }],
      r2: [{ id: 'c', curvesChangedAt: new Date(0) }],
    });
    const logged: unknown[] = [];
    const swept = await runPendingPasses(
      {
        pending,
        passes: {
          run: async (userId, _scope, options) => {
            if (userId === 'r1') throw new Error('database away');
            await options?.settle?.();
          },
        },
        log: (message, details) => logged.push({ message, ...details }),
      },
      0,
    );
    expect(removed).toEqual(['c']);
    expect(swept).toEqual({ riders: 1, passes: 1, failed: 1 });
    expect(logged).toEqual([
      {
        message: 'a batch pass owed failed; the next sweep runs it again',
        userId: 'r1',
        error: 'database away',
      },
    ]);
  });
});
