import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findLayerViolations } from '../../../scripts/check-layers.mjs';

// Issue 12, item 4: routes → services → repositories, SQL only in `*.repository.ts` and the
// migrations. The same check runs in `npm run check` (scripts/check-layers.mjs).
describe('server layers', () => {
  it('keeps every query in a repository or a migration', () => {
    const where = findLayerViolations().map((v) => `${v.file}:${v.line} ${v.pattern}: ${v.text}`);
    expect(where).toEqual([]);
  });

  describe('the check itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vatio-layers-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    write(
      'modules/rides/ride.service.ts',
      [
        '// a comment may say .selectFrom( without counting',
        'const a = await db',
        "  .selectFrom('activities')",
        '  .execute();',
        "await trx.insertInto('laps').values(x).execute();",
        'const n = sql<{ stored: number; busy: number }>`select 1`;',
        'await sql`select 1`.execute(db);',
        'await executor.executeQuery(CompiledQuery.raw(text, []));',
        'await pglite!.exec(text);',
      ].join('\n'),
    );
    write('modules/rides/ride.repository.ts', "db.selectFrom('activities');");
    write('modules/rides/ride.test.ts', "db.deleteFrom('activities');");
    write('db/migrations/0001_init.ts', 'await sql`create table t ()`.execute(db);');
    write('test/harness.ts', 'await sql`checkpoint`.execute(db);');

    it('finds builder calls, raw SQL and driver statements outside repositories, migrations and tests', () => {
      const found = findLayerViolations(dir).map((v) => `${v.file.split('/').at(-1)}:${v.line} ${v.pattern}`);
      expect(found).toEqual([
        'ride.service.ts:3 selectFrom',
        'ride.service.ts:5 insertInto',
        'ride.service.ts:6 sql template',
        'ride.service.ts:7 sql template',
        'ride.service.ts:8 executeQuery',
        'ride.service.ts:9 pglite statement',
      ]);
    });
  });
});
