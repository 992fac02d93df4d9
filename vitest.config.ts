import { defineConfig } from 'vitest/config';

// TZ=UTC for everything: daily load (CTL/ATL) and week boundaries must not depend on the host.
process.env.TZ = 'UTC';

export default defineConfig({
  test: {
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
