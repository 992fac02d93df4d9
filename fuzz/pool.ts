import { listActivityEntries } from '@vatio/formats';
import { Worker } from 'node:worker_threads';
import type { JudgeRequest } from './judge-worker.ts';
import { type Judgement, SERVER_LIMITS, type Stage } from './oracle.ts';
import type { FuzzInput } from './mutate.ts';

/**
 * The bytes an input decodes from: its length, what a gzip's footer says it unpacks to, or what a zip's
 * directory says its activity entries unpack to (each entry counted as at least 1 MB: each is a file of
 * its own to decode).
 */
export function unpackedBytes(bytes: Uint8Array): number {
  const n = bytes.length;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    try {
      const entries = listActivityEntries(bytes, SERVER_LIMITS);
      return Math.max(
        n,
        entries.reduce((sum, e) => sum + Math.max(1_000_000, Math.min(e.sizeBytes, 256 * 1024 * 1024)), 0),
      );
    } catch {
      return n;
    }
  }
  if (n < 18 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return n;
  const declared = (bytes[n - 4]! | (bytes[n - 3]! << 8) | (bytes[n - 2]! << 16)) + bytes[n - 1]! * 2 ** 24;
  return Math.max(n, Math.min(declared, 256 * 1024 * 1024));
}

/**
 * The time bound of one input: 5 s, plus 2 s per MB it decodes from. XML is parsed at about 1 MB/s on
 * the shared 2-core machine under load (0.6 s/MB idle), so a 20 MB GPX of one repeated point is slow but
 * not hung; a FIT file of any size allowed decodes in under 5 s.
 */
export function timeBoundMs(bytes: Uint8Array, baseMs = 5000): number {
  return baseMs + Math.ceil(unpackedBytes(bytes) / 1_000_000) * 2000;
}

/**
 * Judges inputs on a thread of their own, so a hang is stopped (the thread is terminated at the time
 * bound and a new one started) and running out of memory (the thread's heap limit) is an outcome
 * instead of the end of the run.
 */
export class JudgePool {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private pending: { resolve: (j: Judgement) => void; reject: (e: Error) => void } | undefined;

  constructor(private readonly options: { stage: Stage; heapMb: number; baseTimeoutMs: number }) {}

  private start(): Promise<void> {
    const worker = new Worker(new URL('./judge-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    this.worker = worker;
    this.ready = new Promise((ok, fail) => {
      const onFirst = (message: unknown) => {
        if (message === 'ready') {
          worker.off('message', onFirst);
          worker.on('message', (judgement: Judgement) => {
            this.pending?.resolve(judgement);
            this.pending = undefined;
          });
          ok();
        }
      };
      worker.on('message', onFirst);
      worker.once('error', fail);
    });
    worker.on('error', (error) => {
      this.pending?.reject(error);
      this.pending = undefined;
      this.worker = undefined;
    });
    worker.on('exit', (code) => {
      this.pending?.reject(new Error(`judging thread exited with code ${code}`));
      this.pending = undefined;
      if (this.worker === worker) this.worker = undefined;
    });
    return this.ready;
  }

  async judge(input: FuzzInput): Promise<Judgement> {
    if (!this.worker) await this.start();
    await this.ready;
    const worker = this.worker!;
    const boundMs = timeBoundMs(input.bytes, this.options.baseTimeoutMs);
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<Judgement>((resolve, reject) => {
        this.pending = { resolve, reject };
        timer = setTimeout(() => reject(new Error('timeout')), boundMs);
        // A copy: the input's bytes stay with the caller (written out on a failure).
        const request: JudgeRequest = {
          format: input.format,
          name: input.name,
          bytes: input.bytes.slice(),
          stage: this.options.stage,
        };
        worker.postMessage(request);
      });
    } catch (error) {
      this.pending = undefined;
      const ms = performance.now() - started;
      const message = error instanceof Error ? error.message : String(error);
      this.worker = undefined;
      await worker.terminate();
      if (message === 'timeout') return { outcome: { kind: 'timeout' }, ms, memoryMb: 0 };
      const oom = /out of memory|ERR_WORKER_OUT_OF_MEMORY/i.test(
        message + String((error as { code?: string }).code),
      );
      return {
        outcome: { kind: 'crash', error: oom ? `out of memory: ${message}` : message },
        ms,
        memoryMb: 0,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
