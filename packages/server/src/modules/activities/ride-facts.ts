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

/** The channels `rideTactics` reads besides time and the gap mask (ride-facts.test.ts holds it to them). */
export const TACTICS_CHANNELS = ['powerW'] as const;

/**
 * Decodes the streams once for whichever facts are asked: only the power when the tactics alone are
 * (issue 28: the batch pass after an import measures nearly every ride's tactics again).
 */
export function measureRideFacts(streamsBlob: Uint8Array, request: RideFactsRequest): RideFacts {
  const streams = decodeStreams(streamsBlob, request.advanced ? undefined : TACTICS_CHANNELS);
  const facts: RideFacts = {};
  if (request.tactics) {
    const tactics = rideTactics(streams, request.tactics);
    facts.tactics = tactics ? JSON.stringify(tactics) : null;
  }
  if (request.advanced)
    facts.advanced_facts = JSON.stringify(measureAdvancedFacts(streams, request.advanced));
  return facts;
}
