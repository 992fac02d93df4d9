import type { SessionRepository } from './session.repository.ts';

interface Waiting {
  sessionId: string;
  userId: string;
  resolve: (writeVersion: string | undefined) => void;
  reject: (error: unknown) => void;
}

/** At most this many checks in one query; more asked in the same turn go in further queries at once. */
const MAX_CHECKS_PER_QUERY = 200;

/**
 * The session check of every signed-in request on PostgreSQL (auth.service.ts), gathered: the checks
 * asked during one turn of the event loop go to the database in one query. Under load the server
 * thread is the limit there, and most of a kept answer's cost was its own session query (a round trip
 * on a pooled connection: the socket write alone was 39% of the server's time in a profile of
 * `npm run bench -- load --db pg`). A check waits at most one turn for its companions.
 */
export class LiveSessionChecks {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly sessions: SessionRepository) {}

  /** The rider's write version when the session is theirs and live; undefined when it is not. */
  writeVersionIfLive(sessionId: string, userId: string): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ sessionId, userId, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_CHECKS_PER_QUERY);
      this.sessions.findLiveWithWriteVersions(batch).then(
        (rows) => {
          const live = new Map(rows.map((row) => [`${row.id}|${row.user_id}`, row.write_version]));
          for (const check of batch) check.resolve(live.get(`${check.sessionId}|${check.userId}`));
        },
        (error: unknown) => {
          for (const check of batch) check.reject(error);
        },
      );
    }
  }
}
