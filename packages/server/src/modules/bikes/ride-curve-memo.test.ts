import { expect, test } from 'vitest';
import { RideCurveMemo } from './ride-curve-memo.ts';

const curve = (id: string, version: string, powerW: number) => ({
  activity_id: id,
  start_time: new Date('2026-03-01T07:00:00Z'),
  durations_s: [1, 5],
  power_w: [powerW, powerW - 100],
  row_version: version,
});

/** A table of curve rows, with the ids each read asked for. */
function table(rows: ReturnType<typeof curve>[]) {
  const reads: string[][] = [];
  return {
    reads,
    rows,
    read: async (ids: string[]) => {
      reads.push(ids);
      return rows.filter((r) => ids.includes(r.activity_id));
    },
    versions: () => rows.map((r) => ({ activity_id: r.activity_id, row_version: r.row_version })),
  };
}

test('only new or changed curves are read; a deleted one is left out', async () => {
  const memo = new RideCurveMemo();
  const t = table([curve('a', '1', 900), curve('b', '1', 800)]);
  expect((await memo.curves(t.versions(), t.read)).map((c) => c.power_w[0])).toEqual([900, 800]);
  t.rows[1] = curve('b', '2', 850);
  t.rows.push(curve('c', '1', 700));
  expect((await memo.curves(t.versions(), t.read)).map((c) => c.power_w[0])).toEqual([900, 850, 700]);
  expect(t.reads).toEqual([
    ['a', 'b'],
    ['b', 'c'],
  ]);
  t.rows.shift();
  expect((await memo.curves(t.versions(), t.read)).map((c) => c.activity_id)).toEqual(['b', 'c']);
  expect(t.reads).toHaveLength(2);
});

test('a full memo still answers every curve: keeping the new ones pushes out none of this answer', async () => {
  const memo = new RideCurveMemo(3);
  const t = table([curve('a', '1', 900), curve('b', '1', 800), curve('c', '1', 700)]);
  await memo.curves(t.versions(), t.read);
  // Keeping d forgets a, the oldest kept, which this very answer holds.
  t.rows.push(curve('d', '1', 600));
  expect((await memo.curves(t.versions(), t.read)).map((c) => c.activity_id)).toEqual(['a', 'b', 'c', 'd']);
  // Forgotten, a is read again next time.
  expect((await memo.curves(t.versions(), t.read)).map((c) => c.activity_id)).toEqual(['a', 'b', 'c', 'd']);
  expect(t.reads.at(-1)).toEqual(['a']);
});
