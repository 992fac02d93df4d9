/**
 * Fair sharing of the server's main thread between riders' reads and background imports (issue 28).
 * The main thread answers every request and runs the embedded database (PGlite is synchronous WASM
 * in it), and an import's database work and any facts measured there take it too: with 20 riders
 * uploading, the load bench's server answered about half the requests it answers without uploads.
 * The rule here: background work takes the main thread freely while no read is waiting (an idle
 * server stores uploads as fast as before), and steps back while reads are: fewer files at once
 * (ImportAdmission), and no ride's facts measured in this thread (ride-tactics.service.ts).
 */

/**
 * Reads being answered right now (GET and HEAD requests between their arrival and the end of their
 * response: http/reads-in-flight.ts counts them). A process without HTTP (`vatio worker`) has none.
 */
export class ReadsInFlight {
  private count = 0;
  private idleWaiters: (() => void)[] = [];

  /** Counts one read in; the function returned counts it out (once, however often it is called). */
  begin(): () => void {
    this.count++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.count--;
      if (this.count === 0) this.wakeIdleWaiters();
    };
  }

  get waiting(): number {
    return this.count;
  }

  /** Resolves at once when no read is in flight, else when the last one in flight ends. */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => this.onIdle(resolve));
  }

  /**
   * Calls `wake` once no read is in flight (at once when none is); the function returned forgets it,
   * so a waiter that stops waiting for another reason keeps nothing alive until the reads end.
   */
  onIdle(wake: () => void): () => void {
    if (this.count === 0) {
      wake();
      return () => {};
    }
    this.idleWaiters.push(wake);
    return () => {
      this.idleWaiters = this.idleWaiters.filter((w) => w !== wake);
    };
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }
}

/** One turn of the event loop: sockets are read (a request that arrived is counted) before going on. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Whether the main thread may take a piece of background CPU work now (a ride's facts in the batch
 * pass, ride-tactics.service.ts): only with no read waiting, checked after a turn of the event loop
 * so that requests that arrived meanwhile are seen. Otherwise the work goes to an analysis thread.
 */
export async function mainThreadIsFree(reads: ReadsInFlight | undefined): Promise<boolean> {
  await nextTurn();
  return reads === undefined || reads.waiting === 0;
}

/**
 * How many import files run at once: `whileIdle` while no read is waiting (an idle server stores an
 * upload as fast as it can: the analysis threads' files plus two whose database work and file writes
 * overlap them), `whileReadsWait` otherwise. A file is admitted when it starts and keeps its place
 * until it ends (its steps are short, and a file half done holds its rider's rows); the next file is
 * admitted against the limit of that moment.
 */
export class ImportAdmission {
  private running = 0;
  private queue: (() => void)[] = [];
  private watchingReads = false;

  constructor(
    private readonly reads: ReadsInFlight | undefined,
    private readonly limits: { whileIdle: number; whileReadsWait: number },
  ) {}

  /** The limit now. */
  get limit(): number {
    return this.reads && this.reads.waiting > 0 ? this.limits.whileReadsWait : this.limits.whileIdle;
  }

  get inFlight(): number {
    return this.running;
  }

  /** The most files ever in flight at once (how many workers to start). */
  get maxInFlight(): number {
    return Math.max(this.limits.whileIdle, this.limits.whileReadsWait);
  }

  /** Resolves with the file's release once it may start (files are admitted in arrival order). */
  enter(): Promise<() => void> {
    return new Promise((resolve) => {
      this.queue.push(() => resolve(this.releaseOnce()));
      this.admit();
    });
  }

  private releaseOnce(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.admit();
    };
  }

  private admit(): void {
    while (this.queue.length > 0 && this.running < this.limit) {
      this.running++;
      this.queue.shift()!();
    }
    // Files left waiting for the reads only: admitted as soon as the last read in flight ends.
    if (this.queue.length > 0 && this.reads && !this.watchingReads && this.running < this.limits.whileIdle) {
      this.watchingReads = true;
      void this.reads.whenIdle().then(() => {
        this.watchingReads = false;
        this.admit();
      });
    }
  }
}
