import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { runAsRider } from '../../db/write-scope.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { LiveSessionChecks } from './live-session-checks.ts';
import { SessionRepository } from './session.repository.ts';
import { UserRepository } from './user.repository.ts';

/** The repository as it is, counting the queries it is asked for. */
class CountedSessions extends SessionRepository {
  queries = 0;
  override findLiveWithWriteVersions(pairs: readonly { sessionId: string; userId: string }[]) {
    this.queries++;
    return super.findLiveWithWriteVersions(pairs);
  }
}

let database: DatabaseHandle;
let sessions: CountedSessions;
let riderA: string;
let riderB: string;
beforeAll(async () => {
  database = await openTestDatabase();
  sessions = new CountedSessions(database.db);
  const users = new UserRepository(database.db);
  riderA = (await users.findOrCreate('email', 'live-a@example.com')).id;
  riderB = (await users.findOrCreate('email', 'live-b@example.com')).id;
});
afterAll(async () => database.close());

describe('session checks gathered into one query (PostgreSQL sign-in path)', () => {
  test('checks asked together go in one query; each answers for its own pair only', async () => {
    const now = new Date();
    const a1 = await sessions.create(riderA, null, now);
    const a2 = await sessions.create(riderA, null, now);
    const b1 = await sessions.create(riderB, null, now);
    await sessions.revoke(a2, riderA, now);
    const checks = new LiveSessionChecks(sessions);
    const before = sessions.queries;
    const [liveA, revokedA, liveB, aAsB, unknown] = await Promise.all([
      checks.writeVersionIfLive(a1, riderA),
      checks.writeVersionIfLive(a2, riderA),
      checks.writeVersionIfLive(b1, riderB),
      // A's live session, presented as B's: not B's session.
      checks.writeVersionIfLive(a1, riderB),
      checks.writeVersionIfLive('00000000-0000-4000-8000-000000000000', riderA),
    ]);
    expect(sessions.queries).toBe(before + 1);
    expect(liveA).toMatch(/^\d+\/\d+$/);
    expect(liveB).toMatch(/^\d+\/\d+$/);
    expect([revokedA, aAsB, unknown]).toEqual([undefined, undefined, undefined]);
  });

  test("on PostgreSQL the version moves with the rider's writes and only theirs", async () => {
    if (database.engine !== 'postgres') return; // PGlite counts writes in the process (write-epoch.ts)
    const now = new Date();
    const a = await sessions.create(riderA, null, now);
    const b = await sessions.create(riderB, null, now);
    const checks = new LiveSessionChecks(sessions);
    const versions = () =>
      Promise.all([checks.writeVersionIfLive(a, riderA), checks.writeVersionIfLive(b, riderB)]);
    const [a0, b0] = await versions();
    await runAsRider(riderA, () =>
      database.db.updateTable('users').set({ updated_at: new Date() }).where('id', '=', riderA).execute(),
    );
    const [a1, b1] = await versions();
    expect(a1).not.toBe(a0);
    expect(b1).toBe(b0);
  });

  test('a failed query fails every check it carried, and later checks ask again', async () => {
    let away = true;
    const flaky = new (class extends CountedSessions {
      override findLiveWithWriteVersions(pairs: readonly { sessionId: string; userId: string }[]) {
        if (away) {
          this.queries++;
          return Promise.reject(new Error('database away'));
        }
        return super.findLiveWithWriteVersions(pairs);
      }
    })(database.db);
    const checks = new LiveSessionChecks(flaky);
    const session = await sessions.create(riderA, null, new Date());
    const results = await Promise.allSettled([
      checks.writeVersionIfLive(session, riderA),
      checks.writeVersionIfLive(session, riderA),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(flaky.queries).toBe(1);
    away = false;
    expect(await checks.writeVersionIfLive(session, riderA)).toMatch(/^\d+\/\d+$/);
    expect(flaky.queries).toBe(2);
  });
});
