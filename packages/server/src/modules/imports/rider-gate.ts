/**
 * At most `perRider` pieces of heavy work in flight per rider (issue 11, item 8: archives being
 * unpacked). `tryEnter` answers at once: a release function, or undefined when the rider is at the cap.
 * The map holds riders with work in flight only.
 */
export class RiderGate {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly perRider: number) {}

  tryEnter(userId: string): (() => void) | undefined {
    const n = this.inFlight.get(userId) ?? 0;
    if (n >= this.perRider) return undefined;
    this.inFlight.set(userId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(userId);
      else this.inFlight.set(userId, left);
    };
  }

  busy(userId: string): number {
    return this.inFlight.get(userId) ?? 0;
  }
}
