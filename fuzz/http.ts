/**
 * The HTTP half of the fuzzer: each input uploaded as a rider would (POST /api/activities/upload,
 * multipart as a browser writes it), its import waited for, and its answer judged: a stored ride, or a
 * typed error (a 4xx with an error code, or a failed file with a code the web app has words for in
 * both languages). A 5xx, a dropped connection, an import that never ends or a server that died is a
 * bug.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FuzzInput } from './mutate.ts';
import type { Outcome } from './oracle.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** Codes the import screen translates (`activities:import.codes.*` in es and en). */
export function translatedCodes(): Set<string> {
  const read = (lang: string) =>
    JSON.parse(readFileSync(join(ROOT, `packages/web/src/i18n/locales/${lang}/activities.json`), 'utf8')) as {
      import?: { codes?: Record<string, string> };
    };
  const es = Object.keys(read('es').import?.codes ?? {});
  const en = new Set(Object.keys(read('en').import?.codes ?? {}));
  return new Set(es.filter((c) => en.has(c)));
}
/** Codes whose message the server itself writes in the rider's language (import-messages.ts). */
const SERVER_WORDED = new Set(['RECOVERED', 'DUPLICATE_DAMAGED', 'DUPLICATE', 'REPLACED_DAMAGED']);

/** A browser's multipart body: `"`, CR and LF of a file name percent-encoded (WHATWG HTML, form data). */
export function browserMultipart(files: Array<{ name: string; bytes: Uint8Array }>): {
  body: Buffer;
  contentType: string;
} {
  const boundary = `----vatiofuzz${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    const name = f.name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface ImportFileAnswer {
  name: string;
  status: string;
  message_code: string | null;
  message: string | null;
}

export interface HttpJudgement {
  outcome: Outcome;
  ms: number;
  /** Problems with an otherwise typed answer (an untranslated code, a missing message). */
  problems: string[];
}

export interface UploadTarget {
  base: string;
  headers: Record<string, string>;
  /** Whether the server is still the process it was (false: it died or restarted). */
  alive: () => boolean;
  /** How long an import may take before it counts as hung. */
  importTimeoutMs: number;
  codes: Set<string>;
}

async function waitForImport(
  target: UploadTarget,
  importId: string,
): Promise<ImportFileAnswer[] | undefined> {
  const deadline = Date.now() + target.importTimeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${target.base}/api/imports/${importId}`, { headers: target.headers });
    // The fuzzer's own session refused: said at once, not waited out as a hung import.
    if (response.status === 401) throw new Error(`the fuzzer's session was refused (401) while it waited`);
    const body = (await response.json()) as { status: string; files: ImportFileAnswer[] };
    if (body.status === 'done') return body.files;
    await new Promise((r) => setTimeout(r, 150));
  }
  return undefined;
}

/** Uploads one input and judges the answer. */
export async function uploadAndJudge(target: UploadTarget, input: FuzzInput): Promise<HttpJudgement> {
  const started = performance.now();
  const problems: string[] = [];
  const done = (outcome: Outcome): HttpJudgement => ({ outcome, ms: performance.now() - started, problems });
  const { body, contentType } = browserMultipart([{ name: input.name, bytes: input.bytes }]);
  let response: Response;
  try {
    response = await fetch(`${target.base}/api/activities/upload`, {
      method: 'POST',
      headers: { ...target.headers, 'content-type': contentType },
      body,
      signal: AbortSignal.timeout(target.importTimeoutMs),
    });
  } catch (error) {
    return done({
      kind: 'crash',
      error: `upload request failed: ${String(error)}${target.alive() ? '' : ' (server died)'}`,
    });
  }
  const text = await response.text();
  if (response.status >= 500 || !target.alive()) {
    return done({ kind: 'crash', error: `upload answered ${response.status}: ${text.slice(0, 300)}` });
  }
  // The fuzzer's own session refused: no input was judged (a harness fault, said as a failure).
  if (response.status === 401)
    return done({ kind: 'crash', error: `the fuzzer's session was refused (401): ${text.slice(0, 200)}` });
  if (response.status >= 400) {
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error?.code;
    } catch {}
    if (!code)
      return done({ kind: 'crash', error: `upload answered ${response.status} without an error code` });
    return done({ kind: 'error', code: `HTTP ${response.status} ${code}`, entries: 0 });
  }
  const importId = (JSON.parse(text) as { import_id: string }).import_id;
  let files: ImportFileAnswer[] | undefined;
  try {
    files = await waitForImport(target, importId);
  } catch (error) {
    return done({ kind: 'crash', error: String(error) });
  }
  if (!files) return done({ kind: 'timeout' });
  if (!target.alive()) return done({ kind: 'crash', error: 'the server died during the import' });
  let stored = 0;
  let firstCode: string | undefined;
  for (const f of files) {
    if (f.status === 'done' || f.status === 'recovered' || f.status === 'duplicate') stored++;
    if (f.status !== 'failed') continue;
    const code = f.message_code ?? '';
    firstCode ??= code;
    if (code === 'INTERNAL')
      return done({ kind: 'crash', error: `file ${f.name.slice(0, 60)} failed INTERNAL: ${f.message}` });
    if (!f.message?.trim()) problems.push(`file failed with ${code} and no message`);
    if (!target.codes.has(code) && !SERVER_WORDED.has(code))
      problems.push(`code ${code} has no words in the import screen (es/en): the rider reads "${f.message}"`);
  }
  if (stored > 0) return done({ kind: 'stored', entries: files.length });
  return done({ kind: 'error', code: firstCode ?? 'NO_FILES', entries: files.length });
}
