import { describe, expect, test } from 'vitest';
import { WriteEpoch } from '../db/write-epoch.ts';
import { VersionedCache } from './versioned-cache.ts';

function counted<T>(value: () => T) {
  const fn = async () => {
    fn.calls++;
    return value();
  };
  fn.calls = 0;
  return fn;
}

describe('VersionedCache', () => {
  test('on the embedded database, no version query while nothing was written', async () => {
    const writes = new WriteEpoch(true);
    const cache = new VersionedCache<string>(10, writes);
    let data = 'a';
    const version = counted(() => data);
    const compute = counted(() => `answer ${data}`);
    expect(await cache.get('k', version, compute)).toBe('answer a');
    expect(await cache.get('k', version, compute)).toBe('answer a');
    expect([version.calls, compute.calls]).toEqual([1, 1]);

    writes.bump(); // a write that changed something else: checked once, kept
    expect(await cache.get('k', version, compute)).toBe('answer a');
    expect(await cache.get('k', version, compute)).toBe('answer a');
    expect([version.calls, compute.calls]).toEqual([2, 1]);

    data = 'b';
    writes.bump();
    expect(await cache.get('k', version, compute)).toBe('answer b');
    expect([version.calls, compute.calls]).toEqual([3, 2]);
  });

  test('on PostgreSQL the version is read every time (other processes write)', async () => {
    const cache = new VersionedCache<string>(10, new WriteEpoch(false));
    let data = 'a';
    const version = counted(() => data);
    const compute = counted(() => `answer ${data}`);
    await cache.get('k', version, compute);
    await cache.get('k', version, compute);
    expect([version.calls, compute.calls]).toEqual([2, 1]);
    data = 'b';
    expect(await cache.get('k', version, compute)).toBe('answer b');
  });

  test('a write during the computation leaves the answer to be checked again', async () => {
    const writes = new WriteEpoch(true);
    const cache = new VersionedCache<string>(10, writes);
    let data = 'a';
    const version = counted(() => data);
    const compute = async () => {
      const seen = data;
      data = 'b'; // committed by someone else while this answer was being computed
      writes.bump();
      return `answer ${seen}`;
    };
    expect(await cache.get('k', version, compute)).toBe('answer a');
    expect(await cache.get('k', version, async () => `answer ${data}`)).toBe('answer b');
  });

  test('concurrent misses of one key share one computation; the oldest entry goes first', async () => {
    const cache = new VersionedCache<number>(2, new WriteEpoch(true));
    const compute = counted(() => 42);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.get('k', async () => 'v', compute)),
    );
    expect(answers.every((a) => a === 42)).toBe(true);
    expect(compute.calls).toBe(1);
    await cache.get('k2', async () => 'v', compute);
    await cache.get('k3', async () => 'v', compute);
    await cache.get('k', async () => 'v', compute);
    expect(compute.calls).toBe(4);
  });
});
