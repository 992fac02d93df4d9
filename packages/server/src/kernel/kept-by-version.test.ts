import { expect, test } from 'vitest';
import { KeptByVersion } from './kept-by-version.ts';

/** A table of rows (ride id, row version, value), with the ids each read asked for. */
function table(rows: { activity_id: string; row_version: string; value: number }[]) {
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
const values = (answer: { value: number }[]) => answer.map((a) => a.value);

test('only new or changed rows are read; a deleted one is left out', async () => {
  const kept = new KeptByVersion<number>(100);
  const t = table([
    { activity_id: 'a', row_version: '1', value: 1 },
    { activity_id: 'b', row_version: '1', value: 2 },
  ]);
  expect(values(await kept.values(t.versions(), t.read))).toEqual([1, 2]);
  t.rows[1] = { activity_id: 'b', row_version: '2', value: 20 };
  t.rows.push({ activity_id: 'c', row_version: '1', value: 3 });
  expect(values(await kept.values(t.versions(), t.read))).toEqual([1, 20, 3]);
  expect(t.reads).toEqual([
    ['a', 'b'],
    ['b', 'c'],
  ]);
  t.rows.shift();
  const answer = await kept.values(t.versions(), t.read);
  expect(answer.map((a) => a.row.activity_id)).toEqual(['b', 'c']);
  expect(t.reads).toHaveLength(2);
});

test('a full store still answers every row: keeping the new ones pushes out none of this answer', async () => {
  const kept = new KeptByVersion<number>(3);
  const t = table(['a', 'b', 'c'].map((id, k) => ({ activity_id: id, row_version: '1', value: k })));
  await kept.values(t.versions(), t.read);
  t.rows.push({ activity_id: 'd', row_version: '1', value: 3 });
  expect(values(await kept.values(t.versions(), t.read))).toEqual([0, 1, 2, 3]);
  expect(values(await kept.values(t.versions(), t.read))).toEqual([0, 1, 2, 3]);
  expect(t.reads.at(-1)).toEqual(['a']);
});
