// One illustrative ride shown on the landing page. The trace is synthetic; the headline numbers use
// the same definitions Vatio uses (Coggan/Allen): IF = NP / FTP, TSS = hours · IF² · 100.

/** A deterministic pseudo-random generator, so the example trace is the same on every load. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Target power of the two 20-minute threshold blocks. */
const BLOCK_WATTS = [286, 284] as const;

/** Minute-by-minute power: warm-up, 2 × 20 min near threshold, tempo with a one-minute effort, cool-down. */
function buildTrace(): number[] {
  const random = mulberry32(7);
  const out: number[] = [];
  for (let minute = 0; minute < 90; minute++) {
    let target: number;
    if (minute < 12) target = 120 + minute * 9;
    else if (minute < 32) target = BLOCK_WATTS[0];
    else if (minute < 40) target = 165;
    else if (minute < 60) target = BLOCK_WATTS[1];
    else if (minute < 66) target = 170;
    else if (minute === 72) target = 480;
    else if (minute < 80) target = 240;
    else target = 205 - (minute - 80) * 8;
    out.push(Math.round(target + (minute === 72 ? 0 : (random() - 0.5) * 24)));
  }
  return out;
}

/** Best mean power over `minutes` consecutive minutes. */
function bestMean(trace: readonly number[], minutes: number): number {
  let best = 0;
  let sum = 0;
  for (let i = 0; i < trace.length; i++) {
    sum += trace[i]!;
    if (i >= minutes) sum -= trace[i - minutes]!;
    if (i >= minutes - 1) best = Math.max(best, sum / minutes);
  }
  return best;
}

/**
 * Normalized power of the trace as Vatio computes it (Coggan: 30-s rolling mean, mean of its 4th
 * power, 4th root), each minute held for 60 one-second samples. A fixed 252 W stood here, below the
 * 257 W of the trace the card draws, so its "IF = NP / FTP" did not follow from its own ride.
 */
function normalizedPower(trace: readonly number[]): number {
  const seconds = trace.flatMap((watts) => Array<number>(60).fill(watts));
  let window = 0;
  let sum4 = 0;
  for (let i = 0; i < seconds.length; i++) {
    window += seconds[i]! - (i >= 30 ? seconds[i - 30]! : 0);
    if (i >= 29) sum4 += (window / 30) ** 4;
  }
  return Math.round((sum4 / (seconds.length - 29)) ** 0.25);
}

/** Power-zone upper bounds as a fraction of FTP (spec 000 §9: Z1 < 55 %, …, Z6 ≤ 150 %, Z7 above). */
const ZONE_UPPER = [0.55, 0.75, 0.9, 1.05, 1.2, 1.5];

/** Percent of time in each of the seven zones, rounded so that the shares still add up to 100. */
function zoneShares(trace: readonly number[], ftp: number): number[] {
  const counts = Array.from({ length: ZONE_UPPER.length + 1 }, () => 0);
  for (const watts of trace) {
    const zone = ZONE_UPPER.findIndex((upper) => watts < upper * ftp);
    const index = zone === -1 ? ZONE_UPPER.length : zone;
    counts[index] = (counts[index] ?? 0) + 1;
  }
  const exact = counts.map((count) => (count / trace.length) * 100);
  const shares = exact.map(Math.floor);
  const missing = 100 - shares.reduce((a, b) => a + b, 0);
  // Largest remainders get the leftover points.
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { i } of order.slice(0, missing)) shares[i] = (shares[i] ?? 0) + 1;
  return shares;
}

const trace = buildTrace();
const hours = trace.length / 60;
const ftp = 280;
const np = normalizedPower(trace);
const avgPower = Math.round(trace.reduce((a, b) => a + b, 0) / trace.length);
const avgHr = 146;
const best20min = Math.round(bestMean(trace, 20));
const intensityFactor = np / ftp;

export const SAMPLE_TRACE: readonly number[] = trace;

export const SAMPLE_RIDE = {
  hours,
  durationLabel: '1:30:00',
  distanceKm: 42.6,
  ftp,
  np,
  avgPower,
  avgHr,
  massKg: 70,
  intensityFactor,
  tss: hours * intensityFactor ** 2 * 100,
  efficiencyFactor: np / avgHr,
  wattsPerBeat: avgPower / avgHr,
  decouplingPct: 3.1,
  blockWatts: BLOCK_WATTS,
  best20min,
  /** 95 % of the best 20-minute power: one of the FTP estimators Vatio reports. */
  ftpEstimate: Math.round(best20min * 0.95),
  /** Best average power for each duration, in watts (5 s is below the trace's resolution). */
  bests: [
    { id: '5s', watts: 950 },
    { id: '1m', watts: Math.round(bestMean(trace, 1)) },
    { id: '5m', watts: Math.round(bestMean(trace, 5)) },
    { id: '20m', watts: best20min },
  ],
  /** Share of the ride's time in each power zone; sums to 100. */
  zones: zoneShares(trace, ftp).map((share, i) => ({ id: `z${i + 1}`, share })),
} as const;
