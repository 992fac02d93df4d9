import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// TZ=UTC for everything: daily load (CTL/ATL) and week boundaries must not depend on the host.
process.env.TZ = 'UTC';

/**
 * The server files that take longest (issue 27: measured in `npm test`, half a minute to 3 minutes each: they kill
 * and restart server processes, import hundreds of rides, or open on-disk databases), slowest first.
 * Each fork takes the next file from the queue; on a fresh clone vitest has no durations to sort by
 * and kept the glob's order, so a 150 s file could start last and leave the other fork idle at the
 * end. Started first, they overlap the many short files instead. Only the order changes.
 */
const SLOW_FIRST = [
  'packages/server/src/jobs/crash-recovery-postgres.test.ts',
  'packages/server/src/jobs/crash-recovery.test.ts',
  'packages/server/src/modules/strava/strava.routes.test.ts',
  'packages/server/src/backup/backup-restore.test.ts',
  'packages/server/src/db/pglite-lock.test.ts',
  'packages/server/src/modules/strava/strava-storm.routes.test.ts',
  'packages/server/src/modules/imports/upload-fuzz.test.ts',
  'packages/server/src/job-workers-postgres.test.ts',
  // A server process started, killed and started again on PostgreSQL: 15–45 s each.
  'packages/server/src/modules/imports/reanalysis-crash.postgres.test.ts',
  'packages/server/src/modules/activities/delete-pass-crash.postgres.test.ts',
  'packages/server/src/modules/strava/strava-crash.postgres.test.ts',
  'packages/server/src/modules/plan/plan.routes.test.ts',
  'packages/server/src/modules/imports/zip-upload.routes.test.ts',
  'packages/server/src/db/database-outage.test.ts',
  'packages/server/src/modules/health/health.routes.test.ts',
  'packages/server/src/modules/activities/report-agreement.test.ts',
  'packages/server/src/http/malformed-input.routes.test.ts',
  'packages/server/src/deployment.test.ts',
  // Half a minute each, and last in both stages without this list (the stage waited on them alone).
  'packages/server/src/modules/demo/demo.test.ts',
  'packages/server/src/modules/demo/demo-training-plan.routes.test.ts',
];

/** Vitest's own order (group, project, then durations when it has them), the slow files first. */
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const index = SLOW_FIRST.indexOf(relative(root, spec.moduleId));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // Projects and groups keep their order: only files of the same project move.
    const projectAt = new Map<string, number>();
    sorted.forEach((spec, i) => {
      if (!projectAt.has(spec.project.name)) projectAt.set(spec.project.name, i);
    });
    return sorted
      .map((spec, i) => ({ spec, i, project: projectAt.get(spec.project.name)!, rank: rank(spec) }))
      .sort((a, b) => a.project - b.project || a.rank - b.rank || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/{analysis,schemas,formats,cli}/src/**/*.test.{ts,tsx}',
            // The web's plain-logic tests; its component tests (*.test.tsx) run in the `web` project.
            'packages/web/src/**/*.test.ts',
            'packages/web/build/**/*.test.ts',
            'fuzz/**/*.test.ts',
          ],
          environment: 'node',
          // One module graph per fork, not one per file (issue 27), as for the other two projects: the
          // 136 files import the same analysis, formats and schemas again and again otherwise. No unit
          // test mocks a module or leaves the environment changed (ergControl's fake timers and
          // strict-csp's Function probe restore themselves).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          // Component tests of the web app's screens: a DOM (jsdom), the real texts, a stubbed fetch.
          name: 'web',
          include: ['packages/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/test/setup.ts'],
          // One jsdom and one module graph for all files: a third of the CPU time (12 s instead of
          // 39 s for 96 tests). Each test starts clean: setup.ts's afterEach unmounts, signs out,
          // clears storage and the fetch stub; renderScreen sets the language and a new QueryClient.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // PGlite instances are memory-heavy and WASM start-up is CPU-bound: two cores, two forks.
          maxWorkers: 2,
          // One module graph per fork, not one per file (issue 27): each file's fresh fork and import
          // of the server (Fastify, Kysely, pg-boss, the analysis) cost ~2 s of CPU (12 small files:
          // 64 → 39 CPU-s), 115 files on each database. Each file still builds its own app and
          // database (createHarness) and closes them; no server test mocks a module or leaves the
          // environment changed (the two spies restore themselves).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
