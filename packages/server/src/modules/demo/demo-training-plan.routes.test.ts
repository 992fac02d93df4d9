// Issue 26: the demo rider gets a goal and a plan, computed from the demo rides as they are stored.
import { dayNumber, isoDateOf } from '@vatio/analysis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { DEMO_A_EVENT_WEEKS, DEMO_B_EVENT_WEEKS } from './demo-training-plan.ts';

describe('the demo rider’s season', () => {
  let h: Harness;
  let rider: SignedIn;
  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    rider = await h.signIn({ email: 'demo-plan@example.org' });
  }, 120_000);
  afterAll(async () => h?.close());

  test('POST /api/demo gives an A and a B event and an active plan ending on the A event', async () => {
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/demo', headers: rider.headers })).statusCode,
    ).toBe(202);
    const today = h.now().toISOString().slice(0, 10);
    const goals = (await h.app.inject({ url: '/api/goals', headers: rider.headers })).json() as {
      date: string;
      priority: string;
    }[];
    expect(goals.map((g) => [g.priority, g.date])).toEqual([
      ['B', isoDateOf(dayNumber(today) + DEMO_B_EVENT_WEEKS * 7 - 1)],
      ['A', isoDateOf(dayNumber(today) + DEMO_A_EVENT_WEEKS * 7 - 1)],
    ]);
    // The first batch of demo rides, stored: the plan starts from their CTL.
    await h.services.demo.run({ userId: rider.user.id, batch: 0, today: h.now().toISOString() });
    const imports = (await h.app.inject({ url: '/api/imports', headers: rider.headers })).json().imports;
    const files = (
      await h.app.inject({ url: `/api/imports/${imports[0].id}`, headers: rider.headers })
    ).json().files;
    for (const file of files) await h.services.importService.processFile({ fileId: file.id });
    const plan = (await h.app.inject({ url: '/api/plan', headers: rider.headers })).json();
    expect(plan.status).toBe('active');
    expect(plan.start_date).toBe(today);
    expect(plan.days.at(-1)).toMatchObject({ date: goals[1]!.date, purpose: 'race' });
    expect(plan.days.at(-1).tsb).toBeGreaterThan(0);
    expect(plan.events.map((e: { priority: string }) => e.priority)).toEqual(['B', 'A']);
    expect(plan.weeks.length).toBe(DEMO_A_EVENT_WEEKS);
  });
});
