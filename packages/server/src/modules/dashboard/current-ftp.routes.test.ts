import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { storeRide } from './stored-rides.test-helper.ts';

// Issue 25: "your FTP" on every dashboard screen resolves as a ride's FTP does (analysis resolveFtp):
// the rider's entry in force today, else the rider's nearest entry, else the newest ride's device FTP,
// else the default 250 W. The clock is 2030-01-16; the only FTP entry the rider made holds from
// 2030-03-01 (after today), and the newest ride's head unit says 200 W. The rider's word, 265 W, must
// win over the device's (before this change the dashboard showed the device's 200 W).
const NOW = Date.parse('2030-01-16T12:00:00Z');

describe("the dashboard's current FTP", () => {
  let h: Harness;
  let rider: SignedIn;
  let deviceOnly: SignedIn;

  async function get(url: string, who: SignedIn) {
    const response = await h.app.inject({ url, headers: who.headers });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    h.advance((NOW - Date.now()) / 1000);
    rider = await h.signIn({ email: 'nearest-ftp@example.org' });
    deviceOnly = await h.signIn({ email: 'device-ftp@example.org' });
    const db = h.database.db;
    await db
      .insertInto('athlete_settings_history')
      .values({
        user_id: rider.user.id,
        effective_from: '2030-03-01',
        ftp_w: 265,
        weight_kg: null,
        max_hr_bpm: null,
        lthr_bpm: null,
      })
      .execute();
    // A weight entry (no FTP in it) in force today: the FTP still resolves to the 265 W entry.
    await db
      .insertInto('athlete_settings_history')
      .values({
        user_id: rider.user.id,
        effective_from: '2029-12-01',
        ftp_w: null,
        weight_kg: 68,
        max_hr_bpm: null,
        lthr_bpm: null,
      })
      .execute();
    for (const who of [rider, deviceOnly])
      await storeRide(db, who.user.id, {
        start: '2030-01-14T08:00:00Z',
        movingS: 3600,
        avgPowerW: 180,
        ftpW: 200,
      });
  }, 120_000);
  afterAll(async () => h?.close());

  test("the rider's nearest entry outranks the newest ride's device FTP, and says from when", async () => {
    const d = await get('/api/dashboard?tz=UTC', rider);
    expect(d.training_zones).toMatchObject({ ftp: 265, ftp_source: 'nearest', ftp_from: '2030-03-01' });
    // Zone 2 of Coggan's: 55–75 % of 265 W = 145.75–198.75 W → 146 and 199 W.
    expect(d.training_zones.zones[1]).toMatchObject({ minPower: 146, maxPower: 199 });
    const s = await get('/api/dashboard/summary?period=7d&tz=UTC', rider);
    expect(s.cards.ftp).toEqual({ value: 265, source: 'nearest', from: '2030-03-01' });
    const n = await get('/api/dashboard/narrative?tz=UTC', rider);
    expect(n.hero.strength).toMatchObject({ ftp_w: 265, ftp_source: 'nearest', ftp_from: '2030-03-01' });
  });

  test("without any entry of the rider's, the newest ride's device FTP, with no date", async () => {
    const d = await get('/api/dashboard?tz=UTC', deviceOnly);
    expect(d.training_zones).toMatchObject({ ftp: 200, ftp_source: 'ride', ftp_from: null });
    const s = await get('/api/dashboard/summary?period=7d&tz=UTC', deviceOnly);
    expect(s.cards.ftp).toEqual({ value: 200, source: 'ride', from: null });
  });

  test('the predictive screen resolves the same way: nearest entry, then the device, each with its source', async () => {
    expect((await get('/api/analytics/predictive', rider)).current_ftp).toEqual({
      value: 265,
      source: 'nearest',
      from: '2030-03-01',
    });
    expect((await get('/api/analytics/predictive', deviceOnly)).current_ftp).toEqual({
      value: 200,
      source: 'ride',
      from: null,
    });
  });

  test('the performance panel: the FTP in the same order, and which weight its W/kg divides by', async () => {
    const p = await get('/api/analytics/performance?weeks=4&tz=UTC', rider);
    const ftp = p.tabs.power.find((m: { key: string }) => m.key === 'ftp');
    expect(ftp).toMatchObject({ value: 265, source: 'set' });
    expect(p.weight).toEqual({ kg: 68, source: 'settings', from: '2029-12-01' });
    const d = await get('/api/analytics/performance?weeks=4&tz=UTC', deviceOnly);
    expect(d.tabs.power.find((m: { key: string }) => m.key === 'ftp')).toMatchObject({ value: 200 });
    expect(d.weight).toBeNull();
  });
});
