import { DEFAULT_CDA_M2, DEFAULT_CRR } from '@vatio/analysis';
import { describe, expect, it } from 'vitest';
import type { PredictiveRide } from './analytics-load.repository.ts';
import { eventPredictions } from './predictive-events.ts';

const model = { cpW: 280, wPrimeJ: 20_000, source: 'cp_2p' as const };
const rides = [0.31, 0.33, 0.32].map((cda) => ({ cda_m2: cda }) as PredictiveRide);

describe('event predictions: which CdA', () => {
  it("takes the primary bike's CdA and Crr saved from the aero lab over the rides' fits", () => {
    const saved = eventPredictions(rides, model, 70, 8, { cda_m2: 0.25, crr: 0.0035 })!;
    expect(saved.assumptions).toMatchObject({ cda_m2: 0.25, crr: 0.0035, cda_source: 'bike' });
    const measured = eventPredictions(rides, model, 70, 8)!;
    expect(measured.assumptions).toMatchObject({
      cda_m2: 0.32,
      crr: DEFAULT_CRR,
      cda_source: 'virtual_elevation',
    });
    // A lower CdA is faster on the flat event.
    expect(saved.events[0]!.time_s).toBeLessThan(measured.events[0]!.time_s);
    const none = eventPredictions([], model, 70, 8, { cda_m2: null, crr: null })!;
    expect(none.assumptions).toMatchObject({ cda_m2: DEFAULT_CDA_M2, cda_source: 'default' });
  });
});
