import { performanceResponseSchema, trainingLoadResponseSchema } from '@vatio/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { storeRide } from '../dashboard/stored-rides.test-helper.ts';

// Issue 25 §8: one TSB → form rule everywhere. The training-load card said "Cansado" on one tab and
// "Neutral" on the next, and the performance panel judged TSB with bands of its own.

// The server's clock: 2030-01-16 12:00 UTC.
const NOW = Date.parse('2030-01-16T12:00:00Z');
const DAY_MS = 86_400_000;

/**
 * The rule as docs/formulas/performance-management.md states it (spec 001 §4), written out here:
 * > 20 excellent, > 5 good, > −10 neutral, > −30 tired, else overreached.
 */
const documentedForm = (tsb: number) =>
  tsb > 20 ? 'excellent' : tsb > 5 ? 'good' : tsb > -10 ? 'neutral' : tsb > -30 ? 'tired' : 'overreached';

/** The panel's four statuses from that one rule: neutral is a warning, tired or worse critical. */
const documentedStatus = (tsb: number) =>
  ({ excellent: 'excellent', good: 'good', neutral: 'warning', tired: 'critical', overreached: 'critical' })[
    documentedForm(tsb)
  ];

/** An independent PMC of daily TSS (rest days 0) up to and including today; TSB from yesterday. */
function pmc(dailyTss: readonly number[]) {
  let ctl = 0;
  let atl = 0;
  let tsb = 0;
  for (const tss of dailyTss) {
    tsb = ctl - atl;
    ctl += (tss - ctl) * (1 - Math.exp(-1 / 42));
    atl += (tss - atl) * (1 - Math.exp(-1 / 7));
  }
  return { todayTsb: tsb, tomorrowTsb: ctl - atl };
}

describe('one form state for a TSB, on every screen that names it', () => {
  let h: Harness;
  let rider: SignedIn;
  // 90 days of 60 TSS, then two days of 90 TSS, and no ride today: today's TSB is about −12.8
  // (tired), tomorrow's about −5.1 (neutral). Two different days, one card.
  const daily = [...new Array(90).fill(60), 90, 90, 0];
  const first = NOW - (daily.length - 1) * DAY_MS;

  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    h.advance((NOW - Date.now()) / 1000);
    rider = await h.signIn({ email: 'form@example.org' });
    for (let d = 0; d < daily.length; d++) {
      if (daily[d] === 0) continue;
      await storeRide(h.database.db, rider.user.id, {
        start: new Date(first + d * DAY_MS - 4 * 3600_000).toISOString(),
        movingS: 3600,
        avgPowerW: 200,
        ifactor: 0.8,
        tss: daily[d]!,
        ftpW: 250,
      });
    }
  }, 120_000);
  afterAll(async () => h?.close());

  const get = async (url: string) => {
    const response = await h.app.inject({ url, headers: rider.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  test('the scenario: today and tomorrow fall in different bands', () => {
    const { todayTsb, tomorrowTsb } = pmc(daily);
    expect(documentedForm(todayTsb)).toBe('tired');
    expect(documentedForm(tomorrowTsb)).toBe('neutral');
  });

  test("the training-load card's tabs, the dashboard and the performance panel name the same state", async () => {
    const { todayTsb } = pmc(daily);
    const load = trainingLoadResponseSchema.parse(await get('/api/analytics/training-load?days=90&tz=UTC'));
    expect(load.current!.tsb).toBeCloseTo(todayTsb, 1);
    const state = documentedForm(load.current!.tsb);
    expect(state).toBe('tired');
    // Overview tab and Recommendations tab.
    expect(load.current!.form).toBe(state);
    expect(load.recommendations!.form).toBe(state);
    expect(load.recommendations!.advice_key).toBe(`load.recommendation.${state}`);

    const dashboard = await get('/api/dashboard/summary?period=30d&tz=UTC');
    expect(dashboard.form.tsb).toBeCloseTo(load.current!.tsb, 6);
    expect(dashboard.form.state).toBe(state);

    const panel = performanceResponseSchema.parse(await get('/api/analytics/performance?weeks=4&tz=UTC'));
    const tsbMetric = Object.values(panel.tabs)
      .flat()
      .find((m) => m.key === 'tsb')!;
    expect(tsbMetric.value).toBeCloseTo(load.current!.tsb, 1);
    expect(tsbMetric.status).toBe(documentedStatus(tsbMetric.value!));
    const insight = panel.summary.insights.find((i) => i.key === 'form');
    expect(insight?.params.state).toBe(state);
  });
});
