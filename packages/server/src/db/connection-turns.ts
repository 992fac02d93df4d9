import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver, QueryCompiler, TransactionSettings } from 'kysely';

/**
 * Turns on the embedded database's one connection, oldest work first (issue 28).
 *
 * PGlite has one connection, and its Kysely dialect hands it on first come, first served: every
 * statement queues behind every statement asked for before it. A request or an import file that needs
 * several statements one after the other queues again for each, behind the work that arrived while
 * its previous statement ran. Under the 200-rider load bench one turn took ~270 ms, so an upload's
 * file (about ten turns) took ~2.2 s, the uploads arrived faster than they were stored, and upload to
 * stored grew to 10–25 s; a request of five statements waited five times.
 *
 * Here the connection goes to the waiting statement whose work began first: a request's statements
 * by the request's arrival, an import file's by the file's start (`runBegunAt`), anything else by
 * the moment it asked. Work that has begun finishes before work that came after it, which is what
 * bounds the slowest answer; nobody starves, since whatever waits only gets older than what arrives.
 */
const begun = new AsyncLocalStorage<number>();

/** Runs `work` (and everything it starts) as work that began at `atMs` (a `performance.now()` time). */
export function runBegunAt<T>(atMs: number, work: () => T): T {
  return begun.run(atMs, work);
}

/**
 * Runs `work` as work of its own, each statement as old as the moment it asks, whatever context
 * started it: a job that a rider's request woke would otherwise keep that request's age for as long
 * as it runs (a re-analysis of 2,000 rides, ahead of every read).
 */
export function runUnaged<T>(work: () => T): T {
  return begun.exit(work);
}

interface Waiter {
  atMs: number;
  /** Ties (and unattributed statements asked in the same millisecond) go by the order of asking. */
  order: number;
  grant: (connection: DatabaseConnection) => void;
  refuse: (error: unknown) => void;
}

const before = (a: Waiter, b: Waiter) => a.atMs < b.atMs || (a.atMs === b.atMs && a.order < b.order);

/** A binary heap of the waiters, oldest work on top. */
class Waiters {
  private readonly heap: Waiter[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(waiter: Waiter): void {
    const heap = this.heap;
    heap.push(waiter);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  pop(): Waiter | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || last === undefined) return top;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < heap.length && before(heap[left]!, heap[first]!)) first = left;
      if (right < heap.length && before(heap[right]!, heap[first]!)) first = right;
      if (first === i) return top;
      [heap[i], heap[first]] = [heap[first]!, heap[i]!];
      i = first;
    }
  }
}

/**
 * The wrapped driver's single connection, handed on by age. The inner driver is asked for it only by
 * the one holder of the turn, so its own first-come queue stays empty.
 */
class TurnOrderedDriver implements Driver {
  private held = false;
  private asked = 0;
  private readonly waiters = new Waiters();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.held) {
      this.held = true;
      return this.inner.acquireConnection().catch((error: unknown) => {
        this.handOn();
        throw error;
      });
    }
    return new Promise((grant, refuse) =>
      this.waiters.push({ atMs: begun.getStore() ?? performance.now(), order: this.asked++, grant, refuse }),
    );
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.handOn();
    }
  }

  /** The turn to the oldest waiter, or free when none waits. */
  private handOn(): void {
    const next = this.waiters.pop();
    if (!next) {
      this.held = false;
      return;
    }
    this.inner.acquireConnection().then(next.grant, (error: unknown) => {
      next.refuse(error);
      this.handOn();
    });
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  get savepoint() {
    return this.inner.savepoint?.bind(this.inner);
  }

  get rollbackToSavepoint() {
    return this.inner.rollbackToSavepoint?.bind(this.inner);
  }

  get releaseSavepoint() {
    return this.inner.releaseSavepoint?.bind(this.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The same dialect, its one connection handed to the oldest waiting work (see above). */
export function turnsByAge(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: (): Driver => new TurnOrderedDriver(dialect.createDriver()),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
