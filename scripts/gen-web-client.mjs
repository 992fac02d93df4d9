#!/usr/bin/env node
// Writes packages/web/src/api/generated/*.ts from the route contracts (scripts/web-client-gen.mjs).
// `--check`: writes nothing, exits 1 when a generated file is stale (npm run check, CI).
// Run by `npm run build` (scripts/build.mjs) before the web is built.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { CONTRACTS_DIR, GENERATED_DIR, renderClient } from './web-client-gen.mjs';

export async function loadContractModules() {
  const modules = {};
  for (const name of readdirSync(CONTRACTS_DIR)) {
    if (!name.endsWith('.ts') || name === 'index.ts' || name === 'contract.ts' || name.endsWith('.test.ts'))
      continue;
    modules[name.replace(/\.ts$/, '')] = await tsImport(
      pathToFileURL(join(CONTRACTS_DIR, name)).href,
      import.meta.url,
    );
  }
  const { operationId } = await tsImport(
    pathToFileURL(join(CONTRACTS_DIR, 'contract.ts')).href,
    import.meta.url,
  );
  return { modules, operationId };
}

const check = process.argv.includes('--check');
const { modules, operationId } = await loadContractModules();
const files = renderClient(modules, operationId);
const present = new Set(
  readdirSync(GENERATED_DIR, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(GENERATED_DIR, join(e.parentPath, e.name)).split(sep).join('/')),
);
const stale = [...files].filter(([name, text]) => {
  try {
    return readFileSync(join(GENERATED_DIR, name), 'utf8') !== text;
  } catch {
    return true;
  }
});
const extra = [...present].filter((name) => !files.has(name));
if (check) {
  for (const [name] of stale) console.error(`stale: packages/web/src/api/generated/${name}`);
  for (const name of extra) console.error(`not generated: packages/web/src/api/generated/${name}`);
  if (stale.length + extra.length > 0) {
    console.error('Run `node scripts/gen-web-client.mjs` to regenerate the web API client.');
    process.exit(1);
  }
} else {
  for (const [name, text] of stale) {
    mkdirSync(dirname(join(GENERATED_DIR, name)), { recursive: true });
    writeFileSync(join(GENERATED_DIR, name), text);
  }
  for (const name of extra) rmSync(join(GENERATED_DIR, name));
  console.log(`web API client: ${files.size} files, ${stale.length} written, ${extra.length} removed`);
}
