import type { RiderBaseline } from '../../kernel/athlete-settings.repository.ts';
import type { RidePreparer } from '../imports/preparation-pool.ts';
import type { RiderForRide } from '../imports/ride-preparation.ts';
import type { DemoFileCache } from './demo-files.ts';

/**
 * A preparer that computes the demo's rides once for riders with the same settings in force (issue
 * 27: loading the demo generated, decoded and analysed the same 103 files for every new rider; on
 * the compiled server a load took 10.9 s of server CPU, and 2.8-3.0 s for the next riders with this
 * and the kept files, measured back to back). Decoding and analysing a file (`prepareFile`) and measuring a ride's facts from its streams
 * (`measureRideFacts`) are pure functions of their inputs, so a result kept under a key naming every
 * input is exactly what computing it again gives. Only the demo's own bytes (DemoFileCache) and the
 * streams computed from them are kept; every other file and re-analysis goes straight through.
 */
export function demoMemoPreparer(inner: RidePreparer, demo: DemoFileCache): RidePreparer {
  return {
    threads: inner.threads,
    prepare: async (bytes, fileName, rider) => {
      const hash = demo.demoHash(bytes);
      if (hash === undefined) return inner.prepare(bytes, fileName, rider);
      const prepared = await demo.memo(riderKey(rider), `prepare ${hash} ${fileName}`, () =>
        inner.prepare(bytes, fileName, rider),
      );
      // Its streams are the demo's too: their facts are measured once as well.
      if (prepared.kind === 'ride') demo.registerDerived(prepared.ride.streamsBlob);
      return prepared;
    },
    reanalyse: (bytes, originalName, rider) => inner.reanalyse(bytes, originalName, rider),
    measureFacts: async (streamsBlob, request) => {
      const hash = demo.demoHash(streamsBlob);
      if (hash === undefined) return inner.measureFacts(streamsBlob, request);
      const { advanced, ...rest } = request;
      const settings = advanced ? baselineKey(advanced.baseline) : '';
      const inputs = JSON.stringify({ ...rest, advanced: advanced ? { ...advanced, baseline: null } : null });
      return demo.memo(settings, `facts ${hash} ${inputs}`, () => inner.measureFacts(streamsBlob, request));
    },
    close: () => inner.close(),
  };
}

/**
 * Every input of a ride's analysis that comes from the rider (RiderForRide: the dated settings, the
 * bike's weight, today), as JSON. Each settings entry is named by every field but its row id, its
 * rider and its creation time, which no analysis reads (ride-settings.ts and settingsAt read its date
 * and values, in the order given): two riders with the same entries share results. A field added to
 * either type later joins the key on its own.
 */
function riderKey(rider: RiderForRide): string {
  return JSON.stringify({ ...rider, baseline: baselineKey(rider.baseline) });
}

function baselineKey(baseline: RiderBaseline): string {
  return JSON.stringify({
    ...baseline,
    history: baseline.history.map(
      ({ id: _id, user_id: _userId, created_at: _createdAt, ...values }) => values,
    ),
  });
}
