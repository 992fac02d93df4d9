/**
 * Test reference, not used by Vatio: GoldenCheetah's default 2P fit transcribed line by line from
 * `PDModel::deriveCPParameters` (fit = Envelope, model 0) with `CP2Model`'s intervals, on
 * GoldenCheetah's own curve layout: `data[i]` is the best of i seconds (`RideFileCache`), cut to 1200
 * values (`PDModel::setData`). Written apart from `fitTwoParameterEnvelope` (index loops, not duration
 * windows) so the tests derive their expected values independently.
 */
export function goldenCheetahCp2Envelope(
  bestsBySecond: readonly number[],
): { cpW: number; wPrimeJ: number } | undefined {
  const data = bestsBySecond.slice(0, Math.min(bestsBySecond.length, 1200));
  const t1 = 120;
  const t2 = 200;
  const t3 = 720;
  const t4 = 1200;
  let i1 = 0;
  for (i1 = 0; i1 < t1; i1++) if (i1 + 1 > data.length) return undefined;
  let i2 = i1;
  for (i2 = i1; i2 + 1 <= t2; i2++) if (i2 + 1 > data.length) return undefined;
  let i3 = i2;
  for (i3 = i2; i3 < t3; i3++) if (i3 + 1 > data.length) return undefined;
  let i4 = i3;
  for (i4 = i3; i4 + 1 <= t4; i4++) if (i4 + 1 > data.length) break;
  let tau = 1;
  let cp = 300;
  const t0 = 0;
  let iteration = 0;
  let tauPrev: number;
  do {
    if (iteration++ > 100) break;
    tauPrev = tau;
    cp = 0;
    for (let i = i3; i < i4; i++) {
      const cpn = data[i]! / (1 + tau / (t0 + i / 60.0));
      if (cp < cpn) cp = cpn;
    }
    if (cp === 0) return undefined;
    tau = 0.5;
    for (let i = i1; i <= i2; i++) {
      const taun = (data[i]! / cp - 1) * (i / 60.0 + t0) - t0;
      if (tau < taun) tau = taun;
    }
  } while (Math.abs(tau - tauPrev) > 1e-4);
  return { cpW: cp, wPrimeJ: cp * tau * 60 };
}

/** A curve on every second 1…`lastS` (GoldenCheetah's layout, index 0 = 0 s), from a power–duration function. */
export function everySecond(lastS: number, powerW: (durationS: number) => number) {
  const durationsS = Array.from({ length: lastS }, (_, k) => k + 1);
  const bests = [0, ...durationsS.map(powerW)];
  return { curve: { durationsS, powerW: durationsS.map(powerW) }, bests };
}
