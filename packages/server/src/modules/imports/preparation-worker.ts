/**
 * A worker thread of the preparation pool: prepares files (decode, analysis, stream encoding) and posts
 * the result back. Unexpected errors go back as messages; the pool rejects that one file's promise.
 */
import { parentPort } from 'node:worker_threads';
import type { AthleteSettingsRow } from '../athlete/athlete-settings.repository.ts';
import { prepareFile } from './ride-preparation.ts';

export interface PreparationRequest {
  id: number;
  bytes: Uint8Array;
  fileName: string;
  settingsHistory: AthleteSettingsRow[];
}

const port = parentPort;
if (!port) throw new Error('preparation-worker.ts runs as a worker thread');
port.on('message', (request: PreparationRequest) => {
  try {
    const result = prepareFile(request.bytes, request.fileName, request.settingsHistory);
    // The streams blob moves to the main thread instead of being copied.
    const transfer = result.kind === 'ride' ? [result.ride.streamsBlob.buffer as ArrayBuffer] : [];
    port.postMessage({ id: request.id, result }, transfer);
  } catch (error) {
    port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
