/**
 * Time slices for the embedded database. PGlite runs every statement synchronously on the server's
 * one thread, and the Kysely dialect hands its single connection from one waiting caller to the
 * next in promise callbacks, so with many requests waiting, statement after statement runs without
 * the event loop ever reading a socket. `npm run bench -- load` measured stalls of 1–3 s that way
 * when 200 riders' first screens arrived together: requests whose answers were kept in memory
 * waited behind other riders' cold queries, and the server used less than one core meanwhile.
 *
 * Before each statement: once the thread has run `sliceMs` without a turn of the event loop, it
 * yields one turn (setImmediate: sockets are read, kept answers sent) and starts a new slice. The
 * caller holds the connection while it yields, which costs nothing: nobody else could use it.
 */
export class EventLoopSlices {
  private sliceStartedAt = performance.now();
  private turnNoticed = false;

  constructor(private readonly sliceMs = 25) {}

  /** Resolves at once within the slice (undefined), else after one turn of the event loop. */
  beforeStatement(): Promise<void> | undefined {
    const now = performance.now();
    if (now - this.sliceStartedAt < this.sliceMs) {
      this.noticeNextTurn();
      return undefined;
    }
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        this.sliceStartedAt = performance.now();
        resolve();
      }),
    );
  }

  /** The loop turning by itself (the thread went idle or read sockets) also starts a new slice. */
  private noticeNextTurn(): void {
    if (this.turnNoticed) return;
    this.turnNoticed = true;
    setImmediate(() => {
      this.turnNoticed = false;
      this.sliceStartedAt = performance.now();
    });
  }
}
