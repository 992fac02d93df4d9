// The server's layers hold: SQL lives only in `*.repository.ts` files and the migrations (issue 12,
// item 4). Routes parse and present, services decide, repositories query; a Kysely query builder
// call or a raw SQL template anywhere else fails `npm run check` and the server test suite
// (packages/server/src/layers.test.ts).
//
// The server's rooms stand on each other one way (issue 27, item 2): the foundation (db/, lib/,
// transports/, storage/, jobs/, kernel/, http/, backup/, config, errors, version) never imports a
// module or the composition files above them (app.ts, services.ts, ...); no two rooms (a top-level
// folder, a folder of modules/, or a top-level file) import each other, directly or round a loop;
// and no files import each other in a circle. Type-only imports count: they tie the code as well.
//
// `node scripts/check-layers.mjs` prints every offending line and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
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

/** Rooms below the modules: they may import each other (without a loop), never a module or the composition. */
export const FOUNDATION = new Set([
  'db',
  'lib',
  'transports',
  'storage',
  'jobs',
  'kernel',
  'http',
  'backup',
  'config.ts',
  'errors.ts',
  'version.ts',
]);

/** The room a file stands in: `modules/<name>`, else its top-level folder, else the top-level file itself. */
export function roomOf(path) {
  const parts = path.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0];
}

/** Code the rooms are made of: tests (and the test harness) may reach anywhere. */
function isRoomCode(path) {
  return /\.(ts|tsx|mts|cts)$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.startsWith('test/');
}

// `import ... from '…'`, `export ... from '…'`, `import '…'` and `import('…')` of a relative path.
const IMPORT_RE =
  /(?:\bimport|\bexport)\s[^;'"]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*\(?\s*['"](\.[^'"]+)['"]/g;

/** Every import between the server's own files (tests left out): `{ from, to }`, paths relative to srcDir. */
export function serverImports(srcDir = SERVER_SRC) {
  const imports = [];
  for (const full of sourceFiles(srcDir)) {
    const from = relative(srcDir, full).split(sep).join('/');
    if (!isRoomCode(from)) continue;
    const text = readFileSync(full, 'utf8');
    for (const match of text.matchAll(IMPORT_RE)) {
      const target = resolve(dirname(full), match[1] ?? match[2]);
      const file = [target, `${target}.ts`, join(target, 'index.ts')].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (!file?.startsWith(srcDir + sep)) continue;
      const to = relative(srcDir, file).split(sep).join('/');
      if (isRoomCode(to)) imports.push({ from, to });
    }
  }
  return imports;
}

/** Strongly connected groups of more than one node (Tarjan), each sorted. */
function loops(edges) {
  const next = new Map();
  for (const [a, b] of edges) {
    if (!next.has(a)) next.set(a, new Set());
    if (!next.has(b)) next.set(b, new Set());
    next.get(a).add(b);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * What breaks the one-way standing of the server's rooms, each `{ kind, message }`:
 * `upward` (a foundation file imports a module or the composition), `room-loop` (rooms that import
 * each other, with the imports that tie them) and `file-circle` (files that import each other).
 */
export function findImportViolations(srcDir = SERVER_SRC) {
  const imports = serverImports(srcDir);
  const violations = [];
  for (const { from, to } of imports) {
    const [a, b] = [roomOf(from), roomOf(to)];
    if (FOUNDATION.has(a) && !FOUNDATION.has(b))
      violations.push({ kind: 'upward', message: `${from} imports ${to}: ${a} stands below ${b}` });
  }
  const roomEdges = imports.map(({ from, to }) => [roomOf(from), roomOf(to)]).filter(([a, b]) => a !== b);
  for (const group of loops(roomEdges)) {
    const inGroup = new Set(group);
    const ties = imports
      .filter(
        ({ from, to }) => roomOf(from) !== roomOf(to) && inGroup.has(roomOf(from)) && inGroup.has(roomOf(to)),
      )
      .map(({ from, to }) => `${from} -> ${to}`);
    violations.push({
      kind: 'room-loop',
      message: `${group.join(', ')} import each other: ${ties.join('; ')}`,
    });
  }
  for (const group of loops(imports.map(({ from, to }) => [from, to])))
    violations.push({ kind: 'file-circle', message: `${group.join(', ')} import each other in a circle` });
  return violations;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const violations = findLayerViolations();
  for (const v of violations)
    console.error(`${v.file}:${v.line}: ${v.pattern} outside a repository: ${v.text}`);
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} quer${violations.length === 1 ? 'y' : 'ies'} outside *.repository.ts and the migrations: move ${violations.length === 1 ? 'it' : 'them'} into the module's repository.`,
    );
  }
  const standing = findImportViolations();
  for (const v of standing) console.error(`packages/server/src: ${v.kind}: ${v.message}`);
  if (standing.length > 0) {
    console.error(
      `\n${standing.length} import${standing.length === 1 ? '' : 's'} against the server's one-way layers: move the shared piece down (kernel/, db/) or the composing code up (app.ts, services.ts).`,
    );
  }
  if (violations.length > 0 || standing.length > 0) process.exit(1);
  console.log('layers: SQL only in repositories and migrations; server rooms stand one way, no circles');
}
