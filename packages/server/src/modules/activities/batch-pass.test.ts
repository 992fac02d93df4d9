import { describe, expect, test } from 'vitest';
import type { BatchPassRead, BatchPassScope } from './batch-pass.repository.ts';
import { BatchPasses } from './batch-pass.ts';

// A rider's batch passes run one at a time (batch-pass.ts): a pass that read before a ride was
// deleted must not write after the deletion's pass, which reads without the ride. Here the reads and
// writes are recorded in order, each read held until the test lets it go.

const EMPTY: BatchPassRead = { estimated: [], withPower: [], curves: [], baseline: { history: [] } };

function recorder() {
  const events: string[] = [];
  const gates: (() => void)[] = [];
  const name = (scope: BatchPassScope) =>
    'importIds' in scope ? `import ${scope.importIds.join('+')}` : 'delete';
  const passes = new BatchPasses({
    reads: {
      read: async (userId, scope) => {
        events.push(`read ${userId} ${name(scope)}`);
        await new Promise<void>((resolve) => gates.push(resolve));
        return EMPTY;
      },
    },
    rideTactics: {
      remeasure: async (userId) => {
        events.push(`write ${userId}`);
        return 0;
      },
    },
  });
  /** Lets the oldest held read go, once it is held. */
  const release = async () => {
    while (gates.length === 0) await new Promise((r) => setTimeout(r, 1));
    gates.shift()!();
  };
  return { events, passes, release };
}

describe('BatchPasses', () => {
  test('a deletion’s pass reads only after the running import pass has written and settled', async () => {
    const { events, passes, release } = recorder();
    const imported = passes.run(
      'r1',
      { importIds: ['i1'] },
      {
        settle: async () => {
          events.push('settle i1');
        },
      },
    );
    const deleted = passes.run('r1', { curvesChangedAt: [new Date(0)] });
    await release();
    await imported;
    await release();
    await deleted;
    expect(events).toEqual(['read r1 import i1', 'write r1', 'settle i1', 'read r1 delete', 'write r1']);
  });

  test('an import pass waits for a running deletion’s; a second deletion runs its own after it', async () => {
    const { events, passes, release } = recorder();
    const first = passes.run('r1', { curvesChangedAt: [new Date(0)] });
    const imported = passes.run('r1', { importIds: ['i1'] });
    const second = passes.run('r1', { curvesChangedAt: [new Date(1)] });
    for (let i = 0; i < 3; i++) await release();
    await Promise.all([first, imported, second]);
    expect(events.filter((e) => e.startsWith('read'))).toHaveLength(3);
    // Never two reads without the write of the first between them.
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]).toMatch(/^read r1/);
      expect(events[i + 1]).toBe('write r1');
    }
  });

  test('the same imports share the running pass; another rider’s pass does not wait', async () => {
    const { events, passes, release } = recorder();
    const a = passes.run('r1', { importIds: ['i1', 'i2'] });
    const same = passes.run('r1', { importIds: ['i2'] });
    const other = passes.run('r2', { curvesChangedAt: [new Date(0)] });
    await new Promise((r) => setTimeout(r, 5));
    expect(events).toEqual(['read r1 import i1+i2', 'read r2 delete']);
    await release();
    await release();
    await Promise.all([a, same, other]);
    expect(events.filter((e) => e.startsWith('read'))).toHaveLength(2);
  });

  test('a pass that fails does not keep the next from running', async () => {
    let calls = 0;
    const passes = new BatchPasses({
      reads: {
        read: async () => {
          calls++;
          if (calls === 1) throw new Error('database away');
          return EMPTY;
        },
      },
      rideTactics: { remeasure: async () => 0 },
    });
    const failed = passes.run('r1', { importIds: ['i1'] });
    const next = passes.run('r1', { curvesChangedAt: [new Date(0)] });
    await expect(failed).rejects.toThrow('database away');
    await next;
    expect(calls).toBe(2);
  });
});
