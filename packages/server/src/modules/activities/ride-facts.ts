import { rideTactics } from '@vatio/analysis';
import { decodeStreams } from '../../storage/stream-codec.ts';
import type { RiderBaseline } from '../../kernel/athlete-settings.repository.ts';
import { measureAdvancedFacts } from './ride-advanced-facts.ts';

/**
 * Which of a ride's stored facts to measure from its streams blob, and against what: its tactical
 * facts (rideTactics, against its FTP and its window's critical power) and its advanced-page facts
 * (against its FTP and the rider's weight today). Plain data, so the work can go to an analysis
 * thread (preparation-pool.ts) while the main thread serves HTTP and the database (issue 28).
 */
export interface RideFactsRequest {
  tactics?: { ftpW: number; criticalPower: { cpW: number; wPrimeJ: number } | undefined };
  advanced?: { ftpW: number | null; baseline: RiderBaseline; today: string };
}

/** The JSON to store in `activities.tactics` and `activities.advanced_facts`, for those asked. */
export interface RideFacts {
  tactics?: string | null;
  advanced_facts?: string;
}

/** Decodes the streams once for whichever facts are asked. */
export function measureRideFacts(streamsBlob: Uint8Array, request: RideFactsRequest): RideFacts {
  const streams = decodeStreams(streamsBlob);
  const facts: RideFacts = {};
  if (request.tactics) {
    const tactics = rideTactics(streams, request.tactics);
    facts.tactics = tactics ? JSON.stringify(tactics) : null;
  }
  if (request.advanced)
    facts.advanced_facts = JSON.stringify(measureAdvancedFacts(streams, request.advanced));
  return facts;
}
