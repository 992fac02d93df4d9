/**
 * A worker thread of the preparation pool: prepares files (decode, analysis, stream encoding; the
 * main thread writes the streams blob) and re-analyses stored originals, and posts the result back. Unexpected errors go back as messages; the
 * pool rejects that one request's promise.
 */
import { parentPort } from 'node:worker_threads';
import type { DecodeLimits } from '@vatio/formats';
import {
  type PreparedFile,
  prepareFile,
  type ReanalysedRide,
  reanalyseFile,
  type RiderForRide,
} from './ride-preparation.ts';
import { measureRideFacts, type RideFacts, type RideFactsRequest } from '../activities/ride-facts.ts';

export type PreparationRequest =
  | {
      id: number;
      kind: 'prepare';
      bytes: Uint8Array;
      fileName: string;
      rider: RiderForRide;
      limits: DecodeLimits | undefined;
    }
  | { id: number; kind: 'reanalyse'; bytes: Uint8Array; fileName: string; rider: RiderForRide }
  | { id: number; kind: 'facts'; streamsBlob: Uint8Array; request: RideFactsRequest };

export type PreparationResult = PreparedFile | ReanalysedRide | RideFacts;

const port = parentPort;
if (!port) throw new Error('preparation-worker.ts runs as a worker thread');
port.on('message', (request: PreparationRequest) => {
  try {
    if (request.kind === 'facts') {
      port.postMessage({ id: request.id, result: measureRideFacts(request.streamsBlob, request.request) });
      return;
    }
    if (request.kind === 'reanalyse') {
      port.postMessage({
        id: request.id,
        result: reanalyseFile(request.bytes, request.fileName, request.rider),
      });
      return;
    }
    const result = prepareFile(request.bytes, request.fileName, request.rider, request.limits);
    // The streams blob moves to the main thread instead of being copied.
    const transfer = result.kind === 'ride' ? [result.ride.streamsBlob.buffer as ArrayBuffer] : [];
    port.postMessage({ id: request.id, result }, transfer);
  } catch (error) {
    port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
