import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findImportViolations, findLayerViolations, roomOf } from '../../../scripts/check-layers.mjs';

// Issue 12, item 4: routes → services → repositories, SQL only in `*.repository.ts` and the
// migrations. The same check runs in `npm run check` (scripts/check-layers.mjs).
describe('server layers', () => {
  it('keeps every query in a repository or a migration', () => {
    const where = findLayerViolations().map((v) => `${v.file}:${v.line} ${v.pattern}: ${v.text}`);
    expect(where).toEqual([]);
  });

  // Issue 27, item 2: the foundation (kernel/, http/, db/, ...) under the modules, the composition
  // (app.ts, services.ts, ...) over them, and no two rooms or files that import each other.
  it('keeps the server standing one way, with no loop of rooms and no circle of files', () => {
    expect(findImportViolations().map((v) => `${v.kind}: ${v.message}`)).toEqual([]);
  });

  describe('the import check itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vatio-rooms-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    // rides -> garage -> rides: a loop of rooms through two files that form no circle themselves.
    write('modules/rides/ride.service.ts', "import { wear } from '../garage/wear.ts';\n");
    write('modules/rides/ride-name.ts', 'export const name = 1;\n');
    write('modules/garage/wear.ts', 'export const wear = 1;\n');
    write('modules/garage/garage.service.ts', "import type { name } from '../rides/ride-name.ts';\n");
    // The kernel reaching up into a module; a type-only import counts.
    write('kernel/settings.ts', "import type { X } from '../modules/plan/plan.service.ts';\n");
    write(
      'modules/plan/plan.service.ts',
      "import { s } from '../../kernel/settings.ts';\nexport type X = 1;\n",
    );
    // Two files of one room in a circle, through an export-from and a dynamic import.
    write('db/a.ts', "export { b } from './b.ts';\n");
    write('db/b.ts', "export const b = () => import('./a.ts');\n");
    // Tests and the harness may import anything.
    write('kernel/settings.test.ts', "import '../app.ts';\n");
    write('test/harness.ts', "import '../app.ts';\n");
    write('app.ts', "import '../modules/rides/ride.service.ts';\n");

    it('names rooms the way the house is drawn', () => {
      expect(roomOf('modules/rides/ride.service.ts')).toBe('modules/rides');
      expect(roomOf('kernel/settings.ts')).toBe('kernel');
      expect(roomOf('app.ts')).toBe('app.ts');
    });

    it('finds an import from below the modules, a loop of rooms and a circle of files', () => {
      expect(findImportViolations(dir)).toEqual([
        {
          kind: 'upward',
          message:
            'kernel/settings.ts imports modules/plan/plan.service.ts: kernel stands below modules/plan',
        },
        {
          kind: 'room-loop',
          message:
            'kernel, modules/plan import each other: kernel/settings.ts -> modules/plan/plan.service.ts; modules/plan/plan.service.ts -> kernel/settings.ts',
        },
        {
          kind: 'room-loop',
          message:
            'modules/garage, modules/rides import each other: modules/garage/garage.service.ts -> modules/rides/ride-name.ts; modules/rides/ride.service.ts -> modules/garage/wear.ts',
        },
        { kind: 'file-circle', message: 'db/a.ts, db/b.ts import each other in a circle' },
        {
          kind: 'file-circle',
          message: 'kernel/settings.ts, modules/plan/plan.service.ts import each other in a circle',
        },
      ]);
    });
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
