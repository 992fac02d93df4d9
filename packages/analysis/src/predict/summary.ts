import type { FormState } from '../load/form-states.ts';
import type { RiderType } from '../rider/power-profile.ts';
import type { TestTimingReason } from './readiness.ts';

/** One sentence of the plain-language summary: a message key and the numbers that fill it. */
export interface SummaryLine {
  readonly key: string;
  readonly values: Readonly<Record<string, number | string>>;
}

/**
 * The predictive screen's summary, written from rules (no external service), as message keys
 * `predictive.summary.*` with their values, in this order: FTP outlook, form, when to test, plateau
 * risk, rider type. FTP outlook: rising above +0.5 W/week, falling below −0.5, else steady (the
 * spec's improvement bands, spec 001 §4); without a prediction, what is missing.
 */
export function predictiveSummary(input: {
  prediction:
    | { predictedFtpW: number; currentFtpW: number; inDays: number; rateWPerWeek: number }
    | undefined;
  /** `shortHistory`: enough rides, but too few estimates had 90 days of the rider's history behind them. */
  missing: { rides: number; hardEfforts: number; shortHistory?: boolean } | undefined;
  form: { state: FormState; tsb: number } | undefined;
  test: { days: number; reason: TestTimingReason } | undefined;
  plateau: { level: 'low' | 'moderate' | 'high' } | undefined;
  riderType: RiderType | undefined;
}): SummaryLine[] {
  const lines: SummaryLine[] = [];
  const p = input.prediction;
  if (p) {
    const trend = p.rateWPerWeek > 0.5 ? 'rising' : p.rateWPerWeek < -0.5 ? 'falling' : 'steady';
    lines.push({
      key: `predictive.summary.ftp.${trend}`,
      values: {
        predicted_w: Math.round(p.predictedFtpW),
        current_w: Math.round(p.currentFtpW),
        in_days: p.inDays,
        rate_w_per_week: Math.round(p.rateWPerWeek * 10) / 10,
      },
    });
  } else if (input.missing?.shortHistory) {
    lines.push({ key: 'predictive.summary.ftp.history', values: {} });
  } else if (input.missing) {
    lines.push({
      key: 'predictive.summary.ftp.insufficient',
      values: { rides: input.missing.rides, hard_efforts: input.missing.hardEfforts },
    });
  }
  if (input.form) {
    lines.push({
      key: `predictive.summary.form.${input.form.state}`,
      values: { tsb: Math.round(input.form.tsb * 10) / 10 },
    });
  }
  if (input.test) {
    lines.push({ key: `predictive.summary.test.${input.test.reason}`, values: { days: input.test.days } });
  }
  if (input.plateau) lines.push({ key: `predictive.summary.plateau.${input.plateau.level}`, values: {} });
  if (input.riderType) lines.push({ key: `predictive.summary.riderType.${input.riderType}`, values: {} });
  return lines;
}
