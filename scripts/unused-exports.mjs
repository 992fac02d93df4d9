#!/usr/bin/env node
// Exports of packages/*/src that nothing imports (issue 27): one TypeScript program over every
// source, test, bench, e2e, fuzz and script file; each identifier that resolves (through imports and
// re-exports) to a declaration in another file marks it used, by a test or by production code.
// `node scripts/unused-exports.mjs` lists them (~2 min): used nowhere, only in their own file (the
// `export` could go), or only by tests, benches and tools.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'coverage', 'test-results']);

function walk(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    if (SKIP.has(entry) || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx|mts)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const roots = ['packages', 'bench', 'e2e', 'fuzz', 'scripts'].map((d) => join(ROOT, d));
const files = roots.flatMap((d) => walk(d));
const program = ts.createProgram(files, {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
  noEmit: true,
  skipLibCheck: true,
  types: [],
});
const checker = program.getTypeChecker();

/** A test, or code that only tests, benches and tools run. */
const isTestFile = (file) =>
  /\.test\.tsx?$/.test(file) ||
  /\/src\/test\//.test(file) ||
  /^(bench|e2e|fuzz|scripts)\//.test(relative(ROOT, file));
const isProductionSource = (file) =>
  /^packages\/[^/]+\/src\//.test(relative(ROOT, file)) && !isTestFile(file);

const targetOf = (symbol) =>
  symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

// declaration symbol → { prod: Set<file>, test: Set<file> }
const uses = new Map();
const entryOf = (target) => {
  if (!uses.has(target)) uses.set(target, { prod: new Set(), test: new Set(), local: false });
  return uses.get(target);
};
const dynamicImports = [];
const strings = new Map();
for (const source of program.getSourceFiles()) {
  const file = source.fileName;
  if (file.includes('/node_modules/')) continue;
  const visit = (node) => {
    // A re-export (`export { x } from`) passes a name on; only its final users count.
    if (ts.isExportSpecifier(node)) return;
    // `const { X } = await import('./m')`: the export X.
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const key = (node.propertyName ?? node.name).getText();
      const property = checker.getTypeAtLocation(node.parent).getProperty(key);
      if (property) {
        const target = targetOf(property);
        if (target.declarations?.[0]?.getSourceFile().fileName !== file) markUsed(target, file);
      }
    }
    if (ts.isIdentifier(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      if (symbol) {
        const target = targetOf(symbol);
        const declaredIn = target.declarations?.[0]?.getSourceFile().fileName;
        // A namespace used as a value (`{ up, down }` read by the migrator from `* as m`): all of it.
        const declaration = target.declarations?.[0];
        if (declaration && ts.isSourceFile(declaration) && !ts.isPropertyAccessExpression(node.parent)) {
          for (const exported of checker.getExportsOfModule(target)) markUsed(targetOf(exported), file);
        }
        const isOwnName = target.declarations?.some((d) => d.name === node);
        if (declaredIn && !isOwnName) {
          if (declaredIn === file) entryOf(target).local = true;
          else markUsed(target, file);
        }
      }
    }
    // `import('./Screen')` beside the string 'Screen' (the web's lazy routes): the export so named.
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const spec = node.arguments[0];
      const module = spec && checker.getSymbolAtLocation(spec);
      if (module) dynamicImports.push({ module, file });
    }
    if (ts.isStringLiteral(node))
      strings.get(file)?.add(node.text) ?? strings.set(file, new Set([node.text]));
    ts.forEachChild(node, visit);
  };
  visit(source);
}

for (const { module, file } of dynamicImports) {
  for (const exported of checker.getExportsOfModule(module)) {
    if (!strings.get(file)?.has(exported.name)) continue;
    markUsed(targetOf(exported), file);
  }
}

function markUsed(target, file) {
  entryOf(target)[isTestFile(file) ? 'test' : 'prod'].add(relative(ROOT, file));
}

const rows = [];
for (const source of program.getSourceFiles()) {
  if (!isProductionSource(source.fileName)) continue;
  // The generated web client has one function per route by construction (scripts/gen-web-client.mjs).
  if (source.fileName.includes('/packages/web/src/api/generated/')) continue;
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) continue;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const target = targetOf(exported);
    const declaration = target.declarations?.[0];
    if (!declaration || declaration.getSourceFile() !== source) continue; // a re-export
    const entry = uses.get(target);
    const where = `${relative(ROOT, source.fileName)}:${source.getLineAndCharacterOfPosition(declaration.getStart()).line + 1}`;
    if (!entry || entry.prod.size + entry.test.size + (entry.local ? 1 : 0) === 0)
      rows.push({ kind: 'nowhere', name: exported.name, where });
    else if (entry.prod.size + entry.test.size === 0)
      rows.push({ kind: 'local only', name: exported.name, where });
    else if (entry.prod.size === 0) rows.push({ kind: 'tests only', name: exported.name, where });
  }
}
rows.sort((a, b) => a.kind.localeCompare(b.kind) || a.where.localeCompare(b.where));
for (const row of rows) console.log(`${row.kind.padEnd(10)} ${row.name.padEnd(40)} ${row.where}`);
const count = (kind) => rows.filter((r) => r.kind === kind).length;
const nowhere = count('nowhere');
console.log(
  `\n${nowhere} exports used nowhere, ${count('local only')} only in their own file, ${count('tests only')} by tests, benches or tools only`,
);
