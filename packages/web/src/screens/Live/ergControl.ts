import {
  clampToRange,
  type ControlPointResponse,
  FTMS_OP,
  type FtmsResult,
  type PowerRange,
  parseControlPointResponse,
  parseMachineStatus,
  requestControlBytes,
  setTargetPowerBytes,
  startOrResumeBytes,
  stopOrPauseBytes,
} from './ftms';

/** How long the trainer has to answer a control point write before Vatio stops steering it. */
export const RESPONSE_TIMEOUT_MS = 5000;

/** 'erg': Vatio sets the trainer's power; 'follow': the rider follows the targets on screen. */
export type ErgMode = 'connecting' | 'erg' | 'follow';
/** Why the trainer is not steered. */
export type ErgReason = FtmsResult | 'unknown' | 'noResponse' | 'controlLost' | 'writeFailed';

export interface ControlPointLink {
  /** Writes bytes to the Fitness Machine Control Point (0x2AD9). */
  write(bytes: Uint8Array): Promise<void>;
}

/**
 * ERG mode over FTMS (ftms.ts for the bytes): Request Control, then Start or Resume, then Set Target
 * Power whenever the rounded target changes. The spec lets a client have one control point procedure
 * in flight (it must wait for the indication before the next write), so writes are queued one at a
 * time and a newer target replaces one not yet sent. Any refusal of control, a lost control (status
 * 0xFF) or a trainer that does not answer turns ERG off: the rider follows the targets on screen.
 */
export class ErgControl {
  mode: ErgMode = 'connecting';
  reason: ErgReason | undefined;
  /** The last target the trainer accepted, W. */
  acceptedW: number | undefined;
  private sentW: number | undefined;
  private wantedW: number | undefined;
  private busy = false;
  private pumping = false;
  private waiting: { op: number; resolve: (r: ControlPointResponse | undefined) => void } | undefined;

  constructor(
    private readonly link: ControlPointLink,
    private readonly range: PowerRange | undefined,
    /** Called when the mode or the accepted target changes (the view re-reads them). */
    public onChange: () => void = () => {},
  ) {}

  /** Request Control, then Start or Resume; resolves with the mode it ended in. */
  async takeControl(): Promise<ErgMode> {
    const control = await this.send(requestControlBytes(), FTMS_OP.requestControl);
    if (this.mode === 'follow') return this.mode;
    if (control !== 'success') return this.fallBack(control);
    // Some trainers answer Start with "not supported" yet hold a target: only a refusal of control stops ERG.
    const start = await this.send(startOrResumeBytes(), FTMS_OP.startOrResume);
    if (start === 'notPermitted' || start === 'noResponse' || start === 'writeFailed')
      return this.fallBack(start);
    this.mode = 'erg';
    this.onChange();
    void this.pump();
    return this.mode;
  }

  /** The target of this second; sent only when it differs, in whole watts, from the last one. */
  setTarget(powerW: number | undefined): void {
    if (powerW === undefined || !Number.isFinite(powerW)) return;
    this.wantedW = clampToRange(powerW, this.range);
    void this.pump();
  }

  async pause(): Promise<void> {
    if (this.mode !== 'erg') return;
    await this.queueOp(stopOrPauseBytes(true), FTMS_OP.stopOrPause);
  }

  async resume(): Promise<void> {
    if (this.mode !== 'erg') return;
    await this.queueOp(startOrResumeBytes(), FTMS_OP.startOrResume);
    // After a pause the trainer may have dropped the target: send it again.
    this.sentW = undefined;
    void this.pump();
  }

  /** End of the ride: the trainer is told to stop, and nothing more is sent. */
  async stop(): Promise<void> {
    if (this.mode !== 'erg') return;
    this.mode = 'follow';
    this.reason = undefined;
    await this.queueOp(stopOrPauseBytes(false), FTMS_OP.stopOrPause);
  }

  /** The control point's indications (0x2AD9). */
  onIndication(view: DataView): void {
    const response = parseControlPointResponse(view);
    if (!response || !this.waiting || response.requestOp !== this.waiting.op) return;
    const { resolve } = this.waiting;
    this.waiting = undefined;
    resolve(response);
  }

  /** Fitness Machine Status notifications (0x2ADA). */
  onStatus(view: DataView): void {
    if (parseMachineStatus(view).kind === 'controlLost') this.fallBack('controlLost');
  }

  private fallBack(reason: ErgReason): ErgMode {
    if (this.mode !== 'follow') {
      this.mode = 'follow';
      this.reason = reason;
      this.onChange();
    }
    return this.mode;
  }

  private async pump(): Promise<void> {
    if (this.pumping || this.mode !== 'erg') return;
    this.pumping = true;
    try {
      await this.pumpTargets();
    } finally {
      this.pumping = false;
    }
  }

  private async pumpTargets(): Promise<void> {
    while (this.mode === 'erg' && this.wantedW !== undefined && this.wantedW !== this.sentW) {
      const w = this.wantedW;
      this.sentW = w;
      const result = await this.queueOp(setTargetPowerBytes(w), FTMS_OP.setTargetPower);
      if (result === 'success') {
        this.acceptedW = w;
        this.onChange();
      } else if (result === 'notPermitted' || result === 'noResponse' || result === 'writeFailed') {
        this.fallBack(result);
      }
      // 'invalidParameter' or 'failed': keep steering; the next different target is tried.
    }
  }

  /** One procedure at a time: waits for the one in flight. */
  private async queueOp(bytes: Uint8Array, op: number): Promise<ErgReason> {
    while (this.busy) await new Promise((r) => setTimeout(r, 20));
    return this.send(bytes, op);
  }

  private async send(bytes: Uint8Array, op: number): Promise<ErgReason> {
    this.busy = true;
    try {
      const answer = new Promise<ControlPointResponse | undefined>((resolve) => {
        this.waiting = { op, resolve };
      });
      const timer = setTimeout(() => {
        if (this.waiting?.op === op) {
          this.waiting.resolve(undefined);
          this.waiting = undefined;
        }
      }, RESPONSE_TIMEOUT_MS);
      try {
        await this.link.write(bytes);
      } catch {
        clearTimeout(timer);
        this.waiting = undefined;
        return 'writeFailed';
      }
      const response = await answer;
      clearTimeout(timer);
      return response ? response.result : 'noResponse';
    } finally {
      this.busy = false;
    }
  }
}
