import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Activity, encodeFit, generateRide } from '@vatio/formats';
import { gunzipSync, gzipSync } from 'fflate';
import { buildZip } from './zip-writer.ts';

export type FuzzFormat = 'fit' | 'tcx' | 'gpx' | 'zip';
export const FUZZ_FORMATS: readonly FuzzFormat[] = ['fit', 'tcx', 'gpx', 'zip'];

/** A valid file the mutations start from. */
export interface SeedFile {
  name: string;
  /** Where it comes from: the shared corpus, the vendored fixtures or a synthetic ride. */
  origin: 'corpus' | 'vendored' | 'synthetic';
  bytes: Uint8Array;
}

const ROOT = resolve(import.meta.dirname, '..');
/** The MIT-licensed rides in the repository (packages/formats/fixtures/SOURCE.md). */
export const VENDORED_DIR = join(ROOT, 'packages/formats/fixtures');
/** The shared corpus of real rides: outside the repository (licences), optional. */
export const CORPUS_DIR = process.env.VATIO_FIXTURES ?? resolve(ROOT, '../shared/fixtures/activities');

export function corpusAvailable(dir = CORPUS_DIR): boolean {
  return existsSync(dir) && readdirSync(dir).some((n) => /\.(fit|tcx|gpx)(\.gz)?$/i.test(n));
}

const encoder = new TextEncoder();
const iso = (start: Date, s: number) => new Date(start.getTime() + s * 1000).toISOString();
const fixed = (v: number | undefined, digits: number) =>
  v === undefined || !Number.isFinite(v) ? undefined : v.toFixed(digits);

/** A synthetic ride written as TCX (Garmin TrainingCenterDatabase v2 with the ActivityExtension). */
export function synthesizeTcx(ride: Activity): Uint8Array {
  const s = ride.streams;
  const points: string[] = [];
  for (let i = 0; i < s.timeS.length; i++) {
    const parts = [`<Time>${iso(ride.startTime, s.timeS[i]!)}</Time>`];
    const lat = fixed(s.latDeg?.[i], 7);
    const lng = fixed(s.lngDeg?.[i], 7);
    if (lat && lng)
      parts.push(
        `<Position><LatitudeDegrees>${lat}</LatitudeDegrees><LongitudeDegrees>${lng}</LongitudeDegrees></Position>`,
      );
    const alt = fixed(s.altitudeM?.[i], 1);
    if (alt) parts.push(`<AltitudeMeters>${alt}</AltitudeMeters>`);
    const dist = fixed(s.distanceM?.[i], 1);
    if (dist) parts.push(`<DistanceMeters>${dist}</DistanceMeters>`);
    const hr = fixed(s.heartRateBpm?.[i], 0);
    if (hr) parts.push(`<HeartRateBpm><Value>${hr}</Value></HeartRateBpm>`);
    const cad = fixed(s.cadenceRpm?.[i], 0);
    if (cad) parts.push(`<Cadence>${cad}</Cadence>`);
    const watts = fixed(s.powerW?.[i], 0);
    const speed = fixed(s.speedMps?.[i], 2);
    parts.push(
      `<Extensions><ns3:TPX>${speed ? `<ns3:Speed>${speed}</ns3:Speed>` : ''}${watts ? `<ns3:Watts>${watts}</ns3:Watts>` : ''}</ns3:TPX></Extensions>`,
    );
    points.push(`<Trackpoint>${parts.join('')}</Trackpoint>`);
  }
  const start = ride.startTime.toISOString();
  return encoder.encode(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" ' +
      'xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><Activities><Activity Sport="Biking">' +
      `<Id>${start}</Id><Lap StartTime="${start}"><TotalTimeSeconds>${ride.timerTimeS}</TotalTimeSeconds>` +
      `<Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>${points.join('\n')}</Track></Lap>` +
      '<Creator><Name>Vatio fuzz</Name></Creator></Activity></Activities></TrainingCenterDatabase>',
  );
}

/** A synthetic ride written as GPX 1.1 with Garmin's TrackPointExtension and a <power> element. */
export function synthesizeGpx(ride: Activity): Uint8Array {
  const s = ride.streams;
  const points: string[] = [];
  for (let i = 0; i < s.timeS.length; i++) {
    const lat = fixed(s.latDeg?.[i], 7) ?? '45.0000000';
    const lng = fixed(s.lngDeg?.[i], 7) ?? '7.0000000';
    const ele = fixed(s.altitudeM?.[i], 1);
    const watts = fixed(s.powerW?.[i], 0);
    const hr = fixed(s.heartRateBpm?.[i], 0);
    const cad = fixed(s.cadenceRpm?.[i], 0);
    points.push(
      `<trkpt lat="${lat}" lon="${lng}">${ele ? `<ele>${ele}</ele>` : ''}<time>${iso(ride.startTime, s.timeS[i]!)}</time>` +
        `<extensions>${watts ? `<power>${watts}</power>` : ''}<gpxtpx:TrackPointExtension>` +
        `${hr ? `<gpxtpx:hr>${hr}</gpxtpx:hr>` : ''}${cad ? `<gpxtpx:cad>${cad}</gpxtpx:cad>` : ''}` +
        '</gpxtpx:TrackPointExtension></extensions></trkpt>',
    );
  }
  return encoder.encode(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<gpx creator="Vatio fuzz" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" ' +
      'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">' +
      `<trk><name>Fuzz &amp; ride</name><type>cycling</type><trkseg>${points.join('\n')}</trkseg></trk></gpx>`,
  );
}

/** Short synthetic rides (so a mutation is cheap to decode), in every format, from fixed seeds. */
function syntheticSeeds(format: FuzzFormat, durationS: number): SeedFile[] {
  const rides = [1, 2, 3].map((seed) =>
    generateRide({
      seed,
      durationS: durationS * (1 + seed / 2),
      startTime: new Date(Date.UTC(2024, 4, seed, 8)),
    }),
  );
  const named = (ext: string, write: (a: Activity) => Uint8Array) =>
    rides.map((ride, k) => ({
      name: `synthetic-${k + 1}.${ext}`,
      origin: 'synthetic' as const,
      bytes: write(ride),
    }));
  switch (format) {
    case 'fit':
      return named('fit', encodeFit);
    case 'tcx':
      return named('tcx', synthesizeTcx);
    case 'gpx':
      return named('gpx', synthesizeGpx);
    case 'zip': {
      const [a, b, c] = rides as [Activity, Activity, Activity];
      return [
        {
          name: 'synthetic-export.zip',
          origin: 'synthetic',
          bytes: buildZip([
            { name: 'activities/1.fit.gz', data: gzipSync(encodeFit(a), { mtime: 0 }) },
            { name: 'activities/2.gpx', data: synthesizeGpx(b) },
            { name: 'activities/3.tcx', data: synthesizeTcx(c) },
            { name: 'activities.csv', data: encoder.encode('id,name\n1,a\n') },
          ]),
        },
        {
          name: 'synthetic-one.zip',
          origin: 'synthetic',
          bytes: buildZip([{ name: 'ride.fit', data: encodeFit(a) }]),
        },
      ];
    }
  }
}

function filesOf(dir: string, origin: 'corpus' | 'vendored', ext: RegExp, maxBytes: number): SeedFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => ext.test(n))
    .sort()
    .map((name) => {
      // Gzipped rides are mutated unpacked (the mutations sometimes gzip their result again).
      const raw = new Uint8Array(readFileSync(join(dir, name)));
      return name.endsWith('.gz')
        ? { name: name.slice(0, -3), origin, bytes: gunzipSync(raw) }
        : { name, origin, bytes: raw };
    })
    .filter((f) => f.bytes.length <= maxBytes);
}

export interface SeedOptions {
  /** Read the shared corpus (default: when present). */
  corpus?: boolean;
  /** Leave out real files larger than this (decoding a 10 MB GPX a thousand times costs minutes). */
  maxSeedBytes?: number;
  /** The synthetic rides last 1.5, 2 and 2.5 times this many seconds; default 600. */
  syntheticS?: number;
}

/**
 * The files a format's mutations start from: real rides of that format from the shared corpus (when
 * present) and the vendored fixtures, and synthetic ones, so the fuzzer works in any clone. Zip seeds
 * are archives built here from the real and synthetic rides.
 */
export function seedFiles(format: FuzzFormat, options: SeedOptions = {}): SeedFile[] {
  const maxBytes = options.maxSeedBytes ?? 2_000_000;
  const useCorpus = options.corpus ?? corpusAvailable();
  const real = (ext: RegExp) => [
    ...(useCorpus ? filesOf(CORPUS_DIR, 'corpus', ext, maxBytes) : []),
    ...filesOf(VENDORED_DIR, 'vendored', ext, maxBytes),
  ];
  const synthetic = syntheticSeeds(format, options.syntheticS ?? 600);
  if (format === 'zip') {
    // A few real rides in a Strava-export-like archive each (small ones: zips are decoded whole).
    const rides = real(/\.(fit|tcx|gpx)(\.gz)?$/i)
      .filter((f) => f.bytes.length <= 400_000)
      .slice(0, 6);
    const archives: SeedFile[] = rides.map((f) => ({
      name: `${f.name}.zip`,
      origin: f.origin,
      bytes: buildZip([{ name: `activities/${f.name}`, data: f.bytes }]),
    }));
    return [...archives, ...synthetic];
  }
  const ext = { fit: /\.fit(\.gz)?$/i, tcx: /\.tcx(\.gz)?$/i, gpx: /\.gpx(\.gz)?$/i }[format];
  return [...real(ext), ...synthetic];
}
