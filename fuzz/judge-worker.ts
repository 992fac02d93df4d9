/** The fuzzer's judging thread (`pool.ts`): one input at a time through `judgeTimed`. */
import { parentPort } from 'node:worker_threads';
import { judgeTimed, type Stage } from './oracle.ts';
import type { FuzzFormat } from './seeds.ts';

export interface JudgeRequest {
  format: FuzzFormat;
  name: string;
  bytes: Uint8Array;
  stage: Stage;
}

const port = parentPort;
if (!port) throw new Error('judge-worker.ts runs as a worker thread');
port.on('message', (request: JudgeRequest) => {
  port.postMessage(judgeTimed(request.format, request.name, request.bytes, request.stage));
});
port.postMessage('ready');
