import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { tagIfUnavailable } from './unavailable.ts';
import type { EventLoopSlices } from './event-loop-slices.ts';
import { EVERYONE_SCOPE, LateVersionMoves, moveScopes } from './write-versions.repository.ts';
import { currentRider, writingBookkeeping } from './write-scope.ts';

/**
 * A counter of the writes this process has committed through Kysely, kept per rider. On the embedded
 * database (PGlite) this process is the only one that can open the data, so while a rider's epoch
 * stands still nothing the caches below read of that rider can have changed: a cached answer stamped
 * with the current value is still right without asking the database. On PostgreSQL other processes
 * write too, so the in-process epoch vouches for nothing there: callers ask the database, or read the
 * write versions below.
 *
 * What is counted: every statement that is not a plain SELECT and did not report 0 rows changed,
 * counted when its connection goes back to the pool, which is after its transaction committed (a
 * rolled-back write counts too: harmless, a cache is checked once more). pg-boss's own statements on
 * PGlite go straight to the instance and are not counted; they touch only its job tables.
 *
 * Whose: a write made inside a rider's scope (db/write-scope.ts: their signed-in request, a job of
 * theirs) moves that rider's epoch only; any other write moves everyone's. One sequence numbers all
 * bumps, so a rider's stamp (the later of their last bump and the last unattributed one) only grows:
 * an answer checked at a stamp is still right while the stamp is the same.
 *
 * On PostgreSQL (`versionsInDatabase`) every process also moves the written scopes' rows of
 * write_versions (migration 0026), inside the write's own transaction (just before its commit) or
 * right after an autocommitted statement, before its caller goes on. Each move takes a fresh number
 * of one sequence, drawn after the row is locked, so a scope's version never repeats; the pair
 * (rider's version, everyone's version) that the session check reads (auth.service.ts) therefore
 * changes with every committed write of theirs, whichever process made it. A reader takes the pair
 * before it reads anything else: a write that commits later moves it.
 */
export class WriteEpoch {
  /** Every bump so far, whoever it was for: the sequence the stamps are taken from. */
  private count = 0;
  /** The sequence at the last write that was not attributed to one rider. */
  private everyoneAt = 0;
  /** Rider id → the sequence at their last write. Riders who never wrote here are not kept. */
  private readonly riderAt = new Map<string, number>();

  /**
   * True once write_versions is known to exist (migration 0026). Until then, as while migrations
   * 0001–0025 run, there is nowhere to write a version: each write asks again.
   */
  versionsTableReady = false;

  constructor(
    /** True when no other process can write to the database (the embedded engine). */
    readonly exclusive: boolean,
    /** True on PostgreSQL: every committed write also moves its scope's row of write_versions. */
    readonly versionsInDatabase = false,
  ) {}

  /** Called once a connection that wrote is released: for `riderId`, or for everyone. */
  bump(riderId?: string): void {
    this.count++;
    if (riderId === undefined) this.everyoneAt = this.count;
    else this.riderAt.set(riderId, this.count);
  }

  /**
   * The current epoch of `riderId`'s data (of all data without one) when it can prove that nothing
   * changed since (exclusive engine), else undefined. Take the stamp *before* reading what it will
   * vouch for: a write that commits during the read then moves the epoch past the stamp, and the next
   * reader checks again.
   */
  stamp(riderId?: string): number | undefined {
    if (!this.exclusive) return undefined;
    if (riderId === undefined) return this.count;
    return Math.max(this.everyoneAt, this.riderAt.get(riderId) ?? 0);
  }
}

const epochOfDatabase = new WeakMap<object, WriteEpoch>();

/** Names `writes` as the epoch of every write made through `db` (db/database.ts, the embedded engine). */
export function noteEpochOf(db: object, writes: WriteEpoch): void {
  epochOfDatabase.set(db, writes);
}

/**
 * The epoch of the writes made through `db`, when it was named (noteEpochOf); undefined for any other
 * instance (a transaction's, PostgreSQL's), whose readers then ask the database every time.
 */
export function epochOf(db: object): WriteEpoch | undefined {
  return epochOfDatabase.get(db);
}

/**
 * Whether a statement may have changed data: anything but a plain SELECT, unless it reported 0 rows.
 * A SELECT with a WITH clause counts as a write: its CTEs may insert, update or delete.
 */
function changesData(query: CompiledQuery, result: QueryResult<unknown> | undefined): boolean {
  const node = query.query;
  if (node.kind === 'SelectQueryNode' && node.with === undefined) return false;
  if (node.kind === 'RawNode' && /^\s*select\b/i.test(query.sql)) return false;
  return result?.numAffectedRows !== 0n;
}

/** A write outside any rider's scope: it counts for everyone. */
const EVERYONE = '';

class CountingConnection implements DatabaseConnection {
  /** Whose writes this connection made since it was acquired (EVERYONE for unattributed ones). */
  readonly wroteFor = new Set<string>();
  /** Scopes written since the last move of write_versions (PostgreSQL only). */
  private readonly unversioned = new Set<string>();
  inTransaction = false;

  private noteWrite(): void {
    if (writingBookkeeping()) return;
    const scope = currentRider() ?? EVERYONE;
    this.wroteFor.add(scope);
    if (this.epoch.versionsInDatabase) this.unversioned.add(scope);
  }

  constructor(
    readonly inner: DatabaseConnection,
    private readonly epoch: WriteEpoch,
    private readonly slices: EventLoopSlices | undefined,
    private readonly late: LateVersionMoves,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const turn = this.slices?.beforeStatement();
    if (turn) await turn;
    let result: QueryResult<R>;
    try {
      result = await this.inner.executeQuery<R>(query);
    } catch (error) {
      // A failed statement may have run part-way inside a transaction that still commits; on its own
      // it may have committed before its connection failed (the in-process count is moved anyway:
      // harmless, a cache checks once more).
      if (changesData(query, undefined)) {
        this.noteWrite();
        if (!this.inTransaction) this.moveAfterFailedWrite();
      }
      throw tagIfUnavailable(error);
    }
    if (changesData(query, result)) {
      this.noteWrite();
      // Committed already: move the version before the caller (and its request's answer) goes on.
      if (!this.inTransaction) await this.moveVersions();
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    // Moved at commit, or at release when the stream ran outside a transaction.
    if (changesData(query, undefined)) this.noteWrite();
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /**
   * Moves write_versions for every scope written since the last move. Inside a transaction a failure
   * throws (the transaction rolls back, its writes with it). Outside one the write has committed
   * already: the move is tried again on a connection of its own, and kept to be tried until it takes
   * (LateVersionMoves), so a committed write never leaves its version standing for long.
   */
  async moveVersions(): Promise<void> {
    if (this.unversioned.size === 0) return;
    const scopes = this.takeUnversioned();
    if (this.inTransaction) {
      await moveScopes(this.inner, scopes, this.epoch);
      return;
    }
    try {
      await moveScopes(this.inner, scopes, this.epoch);
    } catch (error) {
      await this.late.move(scopes).catch(() => {
        throw tagIfUnavailable(error);
      });
    }
  }

  /**
   * An autocommitted write failed. It may still have committed (the connection died after the
   * server did): its versions are moved anyway, in the background. A move too many costs a cache miss.
   */
  moveAfterFailedWrite(): void {
    if (this.unversioned.size === 0) return;
    this.late.move(this.takeUnversioned()).catch(() => undefined);
  }

  private takeUnversioned(): string[] {
    const scopes = [...this.unversioned].map((s) => (s === EVERYONE ? EVERYONE_SCOPE : s));
    this.unversioned.clear();
    return scopes;
  }

  forgetUnversioned(): void {
    this.unversioned.clear();
  }
}

type SavepointMethod = NonNullable<Driver['savepoint']>;

class CountingDriver implements Driver {
  // Savepoints exist only where the wrapped driver has them (PGlite's has none): Kysely refuses
  // savepoints on a driver without the methods, and a stand-in that did nothing would let a
  // "rollback to savepoint" silently keep the writes.
  readonly savepoint?: SavepointMethod;
  readonly rollbackToSavepoint?: SavepointMethod;
  readonly releaseSavepoint?: SavepointMethod;
  private readonly late: LateVersionMoves;

  constructor(
    private readonly inner: Driver,
    private readonly epoch: WriteEpoch,
    private readonly slices: EventLoopSlices | undefined,
  ) {
    this.late = new LateVersionMoves(inner, epoch);
    const pass = (method: SavepointMethod | undefined): SavepointMethod | undefined =>
      method && ((connection, name, compile) => method.call(inner, innerOf(connection), name, compile));
    this.savepoint = pass(inner.savepoint);
    this.rollbackToSavepoint = pass(inner.rollbackToSavepoint);
    this.releaseSavepoint = pass(inner.releaseSavepoint);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    try {
      return new CountingConnection(await this.inner.acquireConnection(), this.epoch, this.slices, this.late);
    } catch (error) {
      // The pool could not connect: the database is down or out of reach (db/unavailable.ts).
      throw tagIfUnavailable(error);
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const counting = connection as CountingConnection;
    // Writes made before it were autocommitted and already moved their versions.
    await counting.moveVersions();
    await this.inner.beginTransaction(counting.inner, settings).catch((error) => {
      throw tagIfUnavailable(error);
    });
    counting.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const counting = connection as CountingConnection;
    // In the transaction, so the versions move if and only if its writes commit.
    await counting.moveVersions();
    counting.inTransaction = false;
    await this.inner.commitTransaction(counting.inner).catch((error) => {
      throw tagIfUnavailable(error);
    });
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const counting = connection as CountingConnection;
    counting.inTransaction = false;
    counting.forgetUnversioned();
    return this.inner.rollbackTransaction(counting.inner).catch((error) => {
      throw tagIfUnavailable(error);
    });
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const counting = connection as CountingConnection;
    // A write streamed outside a transaction: committed, its versions not moved yet.
    if (!counting.inTransaction) await counting.moveVersions().catch(() => undefined);
    // Released after commit: from here on, readers see the write, and the epoch says so.
    await this.inner.releaseConnection(counting.inner);
    for (const riderId of counting.wroteFor) this.epoch.bump(riderId === EVERYONE ? undefined : riderId);
  }

  destroy(): Promise<void> {
    this.late.stop();
    return this.inner.destroy();
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return (connection as CountingConnection).inner;
}

/**
 * The same dialect, with every committed write counted in `epoch`, and, given `slices` (the embedded
 * engine, which runs statements on this thread), statements spaced by turns of the event loop.
 */
export function countingWrites(dialect: Dialect, epoch: WriteEpoch, slices?: EventLoopSlices): Dialect {
  return {
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createDriver: (): Driver => new CountingDriver(dialect.createDriver(), epoch, slices),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
