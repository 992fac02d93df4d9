// The server's layers hold: SQL lives only in `*.repository.ts` files and the migrations (issue 12,
// item 4). Routes parse and present, services decide, repositories query; a Kysely query builder
// call or a raw SQL template anywhere else fails `npm run check` and the server test suite
// (packages/server/src/layers.test.ts).
//
// `node scripts/check-layers.mjs` prints every offending line and exits 1 when there is one.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_SRC = join(ROOT, 'packages', 'server', 'src');

/** What counts as a query: Kysely's query builders, raw SQL, and raw statements on a driver. */
export const QUERY_PATTERNS = [
  { name: 'selectFrom', re: /\.\s*selectFrom\s*\(/ },
  { name: 'selectNoFrom', re: /\.\s*selectNoFrom\s*\(/ },
  { name: 'insertInto', re: /\.\s*insertInto\s*\(/ },
  { name: 'replaceInto', re: /\.\s*replaceInto\s*\(/ },
  { name: 'updateTable', re: /\.\s*updateTable\s*\(/ },
  { name: 'deleteFrom', re: /\.\s*deleteFrom\s*\(/ },
  { name: 'mergeInto', re: /\.\s*mergeInto\s*\(/ },
  { name: 'with (CTE)', re: /\.\s*with(Recursive)?\s*\(\s*['"`]/ },
  { name: 'schema builder', re: /\.\s*schema\s*\.\s*(create|alter|drop)\w*\s*\(/ },
  { name: 'sql template', re: /\bsql\s*(<[^`]*?>)?\s*`/ },
  { name: 'sql helper', re: /\bsql\s*\.\s*(raw|ref|lit|id|join|table|val|value)\s*\(/ },
  { name: 'executeQuery', re: /\.\s*executeQuery\s*\(/ },
  { name: 'CompiledQuery', re: /\bCompiledQuery\b/ },
  { name: 'pglite statement', re: /\bpglite\s*!?\s*\??\.\s*(query|exec)\s*\(/ },
];

/** Where queries belong (paths relative to packages/server/src, with forward slashes). */
function isQueryLayer(path) {
  return (
    path.endsWith('.repository.ts') ||
    // Numbered schema changes: their own DDL and data fixes.
    path.startsWith('db/migrations/')
  );
}

/** Test code: it seeds and inspects rows directly, below the layers it tests. */
function isTestCode(path) {
  return (
    /\.test\.tsx?$/.test(path) ||
    path.endsWith('.test-helper.ts') ||
    // The harness: throwaway databases, the migrated template, fake Strava, mail and SMS sinks.
    path.startsWith('test/')
  );
}

/**
 * Files outside the query layer allowed to match a pattern, each with its reason. Keep it short:
 * a query that needs a home goes into a repository instead.
 */
export const ALLOWED = new Map([
  [
    'db/write-epoch.ts',
    'the Kysely driver wrapper that counts committed writes: it forwards executeQuery, it builds no query',
  ],
]);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|cts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** Every query outside the query layer: `{ file, line, pattern, text }`, file relative to the repository. */
export function findLayerViolations(srcDir = SERVER_SRC) {
  const violations = [];
  for (const full of sourceFiles(srcDir)) {
    const path = relative(srcDir, full).split(sep).join('/');
    if (isQueryLayer(path) || isTestCode(path) || ALLOWED.has(path)) continue;
    readFileSync(full, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const { name, re } of QUERY_PATTERNS) {
          const match = re.exec(text);
          if (match && !isComment(text, match.index)) {
            const file = relative(ROOT, full).split(sep).join('/');
            violations.push({ file, line: i + 1, pattern: name, text: text.trim() });
            break;
          }
        }
      });
  }
  return violations;
}

/** Whether a match starts inside a line comment or a JSDoc/block comment line. */
function isComment(text, index) {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return true;
  const slashes = text.indexOf('//');
  return slashes !== -1 && slashes < index && !/['"`]/.test(text.slice(0, slashes));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const violations = findLayerViolations();
  for (const v of violations)
    console.error(`${v.file}:${v.line}: ${v.pattern} outside a repository: ${v.text}`);
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} quer${violations.length === 1 ? 'y' : 'ies'} outside *.repository.ts and the migrations: move ${violations.length === 1 ? 'it' : 'them'} into the module's repository.`,
    );
    process.exit(1);
  }
  console.log('layers: SQL only in repositories and migrations');
}
