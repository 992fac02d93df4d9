import type { SegmentEffort } from '@vatio/schemas';

/** Time as m:ss (or h:mm:ss), the segment card's way of giving a segment time. */
export function formatSegmentTime(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The efforts chart's date axis: day and month, and the time of day too when the efforts span under
 * two days (two laps of one ride), where every tick would otherwise read the same date.
 */
export function effortAxisFormat(
  startsS: readonly number[],
  language: string,
  timeZone?: string,
): Intl.DateTimeFormat {
  const span = startsS.length > 0 ? Math.max(...startsS) - Math.min(...startsS) : 0;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(span < 2 * 86_400 ? { hour: '2-digit', minute: '2-digit' } : {}),
    ...(timeZone ? { timeZone } : {}),
  });
}

/** Efficiency badge colour (spec 001 §4): above 0.85 green, above 0.75 yellow, else red. */
export function efficiencyTone(efficiency: number): 'green' | 'amber' | 'red' {
  if (efficiency > 0.85) return 'green';
  if (efficiency > 0.75) return 'amber';
  return 'red';
}

/**
 * Two efforts side by side over the segment's 13 distance marks: the distance of each mark (m), the
 * time gap of b behind a (s, positive: b slower), and each section's power and speed.
 */
export function compareEfforts(a: SegmentEffort, b: SegmentEffort, lengthM: number) {
  const sections = a.section_power_w.length;
  const marksM = a.splits_s.map((_, k) => (lengthM * k) / sections);
  const gapS = a.splits_s.map((t, k) => (b.splits_s[k] ?? Number.NaN) - t);
  const speed = (e: SegmentEffort) =>
    e.section_power_w.map((_, k) => {
      const dt = (e.splits_s[k + 1] ?? 0) - (e.splits_s[k] ?? 0);
      return dt > 0 ? lengthM / sections / dt : null;
    });
  return { marksM, gapS, speedA: speed(a), speedB: speed(b) };
}
