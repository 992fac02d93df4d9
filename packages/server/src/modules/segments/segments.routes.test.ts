import { encodeFit, generateRide, SYNTHETIC_ROUTES } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';

const route = (id: string) => SYNTHETIC_ROUTES.find((r) => r.id === id)!;

describe('segments', () => {
  let h: Harness;
  let rider: SignedIn;
  let other: SignedIn;
  const rideIds: string[] = [];

  /** Stores rides through the import pipeline (as uploads and demo rides are). */
  async function importRides(userId: string, rides: Parameters<typeof generateRide>[0][]) {
    const files = rides.map((options, i) => {
      const bytes = encodeFit(generateRide(options));
      return { name: `ride-${i}.fit`, bytes, sizeBytes: bytes.length };
    });
    const created = await h.services.importService.createImport(userId, 'upload', files);
    for (const file of created.files) await h.services.importService.processFile({ fileId: file.id });
  }

  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    rider = await h.signIn({ email: 'climber@example.org' });
    other = await h.signIn({ email: 'other@example.org' });
    const day = (d: number) => new Date(Date.UTC(2026, 5, d, 17));
    await importRides(rider.user.id, [
      { seed: 1, startTime: day(2), durationS: 3600, ftpW: 240, route: route('ridge') },
      { seed: 2, startTime: day(9), durationS: 4000, ftpW: 250, route: route('ridge') },
      { seed: 3, startTime: day(16), durationS: 3800, ftpW: 262, route: route('ridge') },
      { seed: 4, startTime: day(20), durationS: 3600, ftpW: 250, route: route('valley') },
    ]);
    await importRides(other.user.id, [
      { seed: 5, startTime: day(3), durationS: 3600, ftpW: 240, route: route('ridge') },
    ]);
    const list = await h.app.inject({ url: '/api/activities?sort=date&order=asc', headers: rider.headers });
    rideIds.push(...list.json().activities.map((a: { id: string }) => a.id));
  }, 240_000);
  afterAll(async () => h?.close());

  test('climbs ridden again are listed with attempts, best, latest and trend; one-off climbs are not', async () => {
    const response = await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers });
    expect(response.statusCode).toBe(200);
    const { segments } = response.json();
    // The ridge route's two hills (and the first climbs of the way back when ridden that far).
    expect(segments.length).toBeGreaterThanOrEqual(2);
    for (const s of segments) {
      expect(s.attempts).toBeGreaterThanOrEqual(2);
      expect(s.attempts).toBeLessThanOrEqual(3);
      expect(s.best.elapsed_s).toBeLessThanOrEqual(s.latest.elapsed_s);
      expect(['improving', 'declining', 'stable']).toContain(s.trend);
    }
    // Rising FTP on the same route: the latest effort is the fastest.
    expect(segments.some((s: { latest_is_pb: boolean }) => s.latest_is_pb)).toBe(true);
  });

  test('one segment: efforts with the day’s weight, the best, and pacing with a recommendation', async () => {
    const { segments } = (
      await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers })
    ).json();
    const response = await h.app.inject({
      url: `/api/analytics/segments/${segments[0].id}`,
      headers: rider.headers,
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.efforts).toHaveLength(segments[0].attempts);
    expect(detail.efforts.map((e: { id: string }) => e.id)).toContain(detail.best_effort_id);
    expect(detail.segment.section_grade_pct).toHaveLength(12);
    expect(detail.pacing).not.toBeNull();
    expect(detail.pacing.recommended_w).toHaveLength(3);
    expect(detail.pacing.efficiency).toBeGreaterThanOrEqual(0);
    expect(detail.pacing.efficiency).toBeLessThanOrEqual(1);
    expect(detail.pacing.recommended_time_s).toBeLessThanOrEqual(detail.pacing.even_time_s + 1e-6);
  });

  test('compare: power and speed over distance, and thirds that equal a computation from the stored streams', async () => {
    const { segments } = (
      await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers })
    ).json();
    const segment = segments[0];
    const detail = (
      await h.app.inject({ url: `/api/analytics/segments/${segment.id}`, headers: rider.headers })
    ).json();
    const [a, b] = [detail.efforts[0].id, detail.efforts.at(-1).id];
    const response = await h.app.inject({
      url: `/api/analytics/segments/${segment.id}/compare?a=${a}&b=${b}`,
      headers: rider.headers,
    });
    expect(response.statusCode).toBe(200);
    const compare = response.json();
    expect(compare.efforts.map((e: { id: string }) => e.id)).toEqual([a, b]);
    expect(compare.distance_m).toHaveLength(60);
    expect(compare.distance_m.at(-1)).toBeLessThan(segment.length_m);
    for (const e of compare.efforts) {
      expect(e.measured).toBe(true);
      expect(e.power_w).toHaveLength(60);
      expect(e.speed_mps).toHaveLength(60);
    }
    expect(compare.sections).toHaveLength(3);
    expect(compare.sections[2].to_m).toBeCloseTo(segment.length_m, 0);

    // Independently: each effort's stored row and its ride's stored streams.
    const near = (x: number, y: number, tolerance: number) =>
      expect(Math.abs(x - y)).toBeLessThanOrEqual(tolerance);
    for (const [k, effortId] of [a, b].entries()) {
      const row = await h.database.db
        .selectFrom('segment_efforts as e')
        .innerJoin('activity_streams as s', 's.activity_id', 'e.activity_id')
        .select(['e.start_offset_s', 'e.end_offset_s', 's.blob_key'])
        .where('e.id', '=', effortId)
        .executeTakeFirstOrThrow();
      const streams = decodeStreams(await new FsBlobStore(join(h.dataDir, 'blobs')).get(row.blob_key));
      const distance = streams.distanceM!;
      const power = streams.powerW!;
      const s0 = Math.round(row.start_offset_s);
      const s1 = Math.round(row.end_offset_s);
      const covered = distance[s1]! - distance[s0]!;
      // Seconds from the start at which the distance reaches a mark, between 1 Hz samples.
      const timeAt = (mark: number) => {
        if (mark >= distance[s1]!) return s1 - s0;
        let i = s0;
        while (distance[i + 1]! < mark) i++;
        return i + (mark - distance[i]!) / (distance[i + 1]! - distance[i]!) - s0;
      };
      for (let j = 0; j < 3; j++) {
        const from = timeAt(distance[s0]! + (covered * j) / 3);
        const to = j === 2 ? s1 - s0 : timeAt(distance[s0]! + (covered * (j + 1)) / 3);
        let sum = 0;
        let n = 0;
        for (let i = Math.floor(s0 + from); i < Math.max(Math.floor(s0 + from) + 1, Math.round(s0 + to)); i++)
          if (streams.gapMask[i] === 0 && Number.isFinite(power[i]!)) {
            sum += power[i]!;
            n++;
          }
        const figures = compare.sections[j].efforts[k];
        near(figures.time_s, to - from, 0.051);
        near(figures.power_w, sum / n, 0.051);
        near(figures.speed_mps, covered / 3 / (to - from), 0.0006);
      }
    }
    for (const section of compare.sections) {
      const [x, y] = section.efforts;
      near(section.difference.time_s, y.time_s - x.time_s, 0.11);
      near(section.difference.power_w, y.power_w - x.power_w, 0.11);
    }
    // Gradient of each third: the mean of its four of the twelve sections.
    for (let j = 0; j < 3; j++) {
      const four = detail.segment.section_grade_pct.slice(j * 4, j * 4 + 4);
      near(compare.sections[j].grade_pct, four.reduce((x: number, g: number) => x + g, 0) / 4, 0.11);
    }

    // Not an effort of this segment, another rider's, or no ids: 404, 404, 400.
    const otherSegment = segments.find((s: { id: string }) => s.id !== segment.id);
    if (otherSegment) {
      const foreign = (
        await h.app.inject({ url: `/api/analytics/segments/${otherSegment.id}`, headers: rider.headers })
      ).json().efforts[0].id;
      expect(
        (
          await h.app.inject({
            url: `/api/analytics/segments/${segment.id}/compare?a=${a}&b=${foreign}`,
            headers: rider.headers,
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(
      (
        await h.app.inject({
          url: `/api/analytics/segments/${segment.id}/compare?a=${a}&b=${b}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await h.app.inject({ url: `/api/analytics/segments/${segment.id}/compare`, headers: rider.headers }))
        .statusCode,
    ).toBe(400);
  });

  test('another rider never sees or changes them', async () => {
    const mine = (await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers })).json()
      .segments;
    const theirs = await h.app.inject({ url: '/api/analytics/segments', headers: other.headers });
    // The other rider rode the ridge once: a candidate, not a listed segment; and not the first rider's.
    expect(theirs.json().segments).toEqual([]);
    const id = mine[0].id;
    expect(
      (await h.app.inject({ url: `/api/analytics/segments/${id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    const patch = await h.app.inject({
      method: 'PATCH',
      url: `/api/analytics/segments/${id}`,
      headers: other.headers,
      payload: { name: 'Mine now' },
    });
    expect(patch.statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/analytics/segments' })).statusCode).toBe(401);
  });

  test('re-analysis finds the segments of rides stored before segments existed', async () => {
    const list = async () =>
      (await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers })).json().segments as {
        attempts: number;
        length_m: number;
      }[];
    const shape = (segments: { attempts: number; length_m: number }[]) =>
      segments.map((s) => `${s.attempts}:${Math.round(s.length_m)}`).sort();
    const before = await list();
    expect(before.length).toBeGreaterThan(0);
    // As an instance upgraded from before migration 0013 has them: rides, and no segment rows.
    const db = h.database.db;
    await db.deleteFrom('segment_efforts').where('user_id', '=', rider.user.id).execute();
    await db.deleteFrom('segments').where('user_id', '=', rider.user.id).execute();
    expect(await list()).toEqual([]);
    for (const activityId of rideIds) await h.services.reanalysis.run({ userId: rider.user.id, activityId });
    expect(shape(await list())).toEqual(shape(before));
    // The other rider's segments are untouched.
    const others = await db
      .selectFrom('segments')
      .select('id')
      .where('user_id', '=', other.user.id)
      .execute();
    expect(others.length).toBeGreaterThan(0);
  });

  test('rename, star and hide; bad input refused', async () => {
    const { segments } = (
      await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers })
    ).json();
    const last = segments.at(-1);
    const patch = await h.app.inject({
      method: 'PATCH',
      url: `/api/analytics/segments/${last.id}`,
      headers: rider.headers,
      payload: { name: '  Col du Test ', starred: true },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().segment).toMatchObject({ name: 'Col du Test', starred: true });
    const listed = (await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers })).json()
      .segments;
    expect(listed[0]).toMatchObject({ id: last.id, name: 'Col du Test', starred: true });
    const bad = await h.app.inject({
      method: 'PATCH',
      url: `/api/analytics/segments/${last.id}`,
      headers: rider.headers,
      payload: { owner: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const hidden = await h.app.inject({
      method: 'PATCH',
      url: `/api/analytics/segments/${last.id}`,
      headers: rider.headers,
      payload: { hidden: true, name: null },
    });
    expect(hidden.json().segment).toMatchObject({ name: null, hidden: true });
    const after = (await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers })).json()
      .segments;
    expect(after.at(-1)).toMatchObject({ id: last.id, hidden: true });
  });

  test('deleting a ride takes its efforts with it', async () => {
    const before = (await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers })).json()
      .segments;
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/activities/${rideIds[2]}`,
      headers: rider.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const after = (await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers })).json()
      .segments;
    const attempts = (list: { attempts: number }[]) => list.reduce((a, s) => a + s.attempts, 0);
    expect(attempts(after)).toBeLessThan(attempts(before));
  });
});
