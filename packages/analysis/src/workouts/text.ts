import type { PlainStep, StepKind, Target, Workout, WorkoutStep } from './workout.ts';

/**
 * The short text form riders write workouts in, both ways.
 *
 *   workout  := item (sep item)*
 *   item     := COUNT 'x' (step | '(' step (sep step)* ')') | step    (× also accepted for x)
 *   sep      := ',' | ';' | newline
 *   step     := ['wu' | 'cd' | 'free'] ['ramp'] duration [target] ['@' N 'rpm']
 *   duration := [N 'h'] [N 'm' | N 'min'] [N 's'], spaces allowed between: 1h30m, 1h 30m, 90s
 *   target   := N '%' | N '-' N '%' | N 'W' | N '-' N 'W' | 'Z' 1–5
 *
 * Examples: `wu 10m 55%`, `3x10m 95%`, `5x(30s 150%, 30s 50%)`, `20m 88-94%` (a RANGE: hold anywhere
 * from 88 to 94 %), `ramp 10m 50-75%` (a RAMP: from 50 to 75 % over the step; `cd ramp 10m 65-45%`
 * descends), `2h Z2` (heart-rate zone 2), `5m 250W`, `10m 90% @95rpm`, `free 30m`.
 * Case does not matter. Syntax only: limits (0 s, > 300 %, > 6 h …) are `validateWorkout`'s.
 */

export type WorkoutTextErrorCode =
  | 'empty'
  | 'expectedDuration'
  | 'expectedUnit'
  | 'expectedTarget'
  | 'expectedRpm'
  | 'expectedCloseParenthesis'
  | 'emptyRepeat'
  | 'nestedRepeat'
  | 'duplicateKeyword'
  | 'duplicateUnit'
  | 'unexpectedCharacter';

export interface WorkoutTextError {
  readonly code: WorkoutTextErrorCode;
  /** 0-based character offset in the input where the problem starts. */
  readonly position: number;
}

export type WorkoutTextResult =
  | { readonly ok: true; readonly workout: Workout }
  | { readonly ok: false; readonly error: WorkoutTextError };

class TextError extends Error {
  constructor(
    readonly code: WorkoutTextErrorCode,
    readonly position: number,
  ) {
    super(code);
  }
}

const KIND_WORDS: Readonly<Record<string, StepKind>> = { wu: 'warmup', cd: 'cooldown', free: 'free' };
const KIND_PREFIX: Readonly<Record<StepKind, string>> = {
  warmup: 'wu ',
  cooldown: 'cd ',
  free: 'free ',
  steady: '',
};

class Parser {
  pos = 0;
  constructor(readonly text: string) {}

  private get rest(): string {
    return this.text.slice(this.pos);
  }

  /** Skips spaces and tabs (not newlines: a newline separates top-level items). */
  skipSpaces(): void {
    while (this.pos < this.text.length && (this.text[this.pos] === ' ' || this.text[this.pos] === '\t'))
      this.pos++;
  }

  private match(re: RegExp): RegExpExecArray | null {
    const m = re.exec(this.rest);
    if (m !== null) this.pos += m[0].length;
    return m;
  }

  private peekChar(): string | undefined {
    return this.text[this.pos];
  }

  parseWorkout(): Workout {
    const steps: WorkoutStep[] = [];
    for (;;) {
      this.skipSeparators();
      if (this.pos >= this.text.length) break;
      steps.push(this.parseItem());
      this.skipSpaces();
      if (this.pos >= this.text.length) break;
      const c = this.peekChar()!;
      if (c !== ',' && c !== ';' && c !== '\n' && c !== '\r')
        throw new TextError('unexpectedCharacter', this.pos);
    }
    if (steps.length === 0) throw new TextError('empty', 0);
    return { steps };
  }

  private skipSeparators(): void {
    while (this.pos < this.text.length && /[\s,;]/.test(this.text[this.pos]!)) this.pos++;
  }

  private parseItem(): WorkoutStep {
    this.skipSpaces();
    const start = this.pos;
    const repeat = this.match(/^(\d+)\s*[x×]/i);
    if (repeat === null) return this.parseStep();
    const count = Number(repeat[1]);
    this.skipSpaces();
    if (this.peekChar() !== '(') {
      this.guardNested();
      return { kind: 'repeat', count, steps: [this.parseStep()] };
    }
    this.pos++;
    const steps: PlainStep[] = [];
    this.skipSeparators();
    for (;;) {
      if (this.peekChar() === ')') {
        if (steps.length === 0) throw new TextError('emptyRepeat', start);
        this.pos++;
        break;
      }
      this.guardNested();
      steps.push(this.parseStep());
      this.skipSpaces();
      if (this.peekChar() === ')') continue;
      // Inside brackets the same separators as outside: comma, semicolon or a new line.
      if (this.pos >= this.text.length || !/[,;\n\r]/.test(this.peekChar()!)) {
        throw new TextError('expectedCloseParenthesis', this.pos);
      }
      this.skipSeparators();
    }
    return { kind: 'repeat', count, steps };
  }

  private guardNested(): void {
    if (/^\d+\s*[x×]/i.test(this.rest)) throw new TextError('nestedRepeat', this.pos);
  }

  private parseStep(): PlainStep {
    let kind: StepKind | undefined;
    let ramp = false;
    for (;;) {
      this.skipSpaces();
      const at = this.pos;
      const word = this.match(/^(wu|cd|free|ramp)(?![a-z0-9])/i);
      if (word === null) break;
      const w = word[1]!.toLowerCase();
      if (w === 'ramp') {
        if (ramp) throw new TextError('duplicateKeyword', at);
        ramp = true;
      } else {
        if (kind !== undefined) throw new TextError('duplicateKeyword', at);
        kind = KIND_WORDS[w]!;
      }
    }
    const durationS = this.parseDuration();
    this.skipSpaces();
    const target = this.parseTarget();
    this.skipSpaces();
    let cadenceRpm: number | undefined;
    if (this.peekChar() === '@') {
      const at = this.pos;
      const cad = this.match(/^@\s*(\d+(?:\.\d+)?)\s*rpm(?![a-z])/i);
      if (cad === null) throw new TextError('expectedRpm', at);
      cadenceRpm = Number(cad[1]);
    }
    const stepKind = kind ?? 'steady';
    if (target === undefined && (stepKind !== 'free' || ramp))
      throw new TextError('expectedTarget', this.pos);
    return {
      kind: stepKind,
      durationS,
      ...(target === undefined ? {} : { target }),
      ...(ramp ? { ramp: true as const } : {}),
      ...(cadenceRpm === undefined ? {} : { cadenceRpm }),
    };
  }

  private parseDuration(): number {
    this.skipSpaces();
    const start = this.pos;
    let total = 0;
    const seen = new Set<string>();
    for (;;) {
      const before = this.pos;
      // Parts may be spaced (`1h 30m`); a following target is not a part, so the position goes back.
      if (seen.size > 0) this.skipSpaces();
      const at = this.pos;
      const part = this.match(/^(\d+)(h|min|m|s)(?![a-z])/i);
      if (part === null) {
        this.pos = before;
        const number = /^\d+(?:\.\d+)?(\s*[%w-])?/i.exec(this.rest);
        // A number that is a target (`wu 95%`) means the duration is missing; a bare number, its unit.
        if (seen.size === 0 && number !== null && number[1] === undefined) {
          throw new TextError('expectedUnit', this.pos + /^\d+(?:\.\d+)?/.exec(this.rest)![0].length);
        }
        break;
      }
      const unit = part[2]!.toLowerCase() === 'min' ? 'm' : part[2]!.toLowerCase();
      if (seen.has(unit)) throw new TextError('duplicateUnit', at);
      seen.add(unit);
      total += Number(part[1]) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
    }
    if (seen.size === 0) throw new TextError('expectedDuration', start);
    return total;
  }

  private parseTarget(): Target | undefined {
    const at = this.pos;
    const zone = this.match(/^z(\d+)(?![a-z0-9])/i);
    if (zone !== null) return { type: 'hrZone', zone: Number(zone[1]) };
    const power = this.match(/^(\d+(?:\.\d+)?)(?:\s*-\s*(\d+(?:\.\d+)?))?\s*(%|w(?![a-z]))?/i);
    if (power === null) return undefined;
    if (power[3] === undefined) throw new TextError('expectedUnit', at + power[0].length);
    const low = Number(power[1]);
    const high = power[2] === undefined ? low : Number(power[2]);
    return power[3] === '%' ? { type: 'ftpPercent', low, high } : { type: 'watts', low, high };
  }
}

/** Parses the text form; on failure, the first problem with its position. */
export function parseWorkoutText(text: string): WorkoutTextResult {
  const parser = new Parser(text);
  try {
    return { ok: true, workout: parser.parseWorkout() };
  } catch (error) {
    if (error instanceof TextError)
      return { ok: false, error: { code: error.code, position: error.position } };
    throw error;
  }
}

/** Seconds as the shortest h/m/s form: 5400 → `1h30m`, 90 → `1m30s`, 30 → `30s`. */
export function formatDurationText(durationS: number): string {
  const h = Math.floor(durationS / 3600);
  const m = Math.floor((durationS % 3600) / 60);
  const s = durationS % 60;
  const out = `${h > 0 ? `${h}h` : ''}${m > 0 ? `${m}m` : ''}${s > 0 ? `${s}s` : ''}`;
  return out === '' ? '0s' : out;
}

function formatTarget(target: Target): string {
  if (target.type === 'hrZone') return `Z${target.zone}`;
  const unit = target.type === 'ftpPercent' ? '%' : 'W';
  return target.low === target.high ? `${target.low}${unit}` : `${target.low}-${target.high}${unit}`;
}

function formatStep(step: PlainStep): string {
  const parts = [
    `${KIND_PREFIX[step.kind]}${step.ramp === true ? 'ramp ' : ''}${formatDurationText(step.durationS)}`,
  ];
  if (step.target !== undefined) parts.push(formatTarget(step.target));
  if (step.cadenceRpm !== undefined) parts.push(`@${step.cadenceRpm}rpm`);
  return parts.join(' ');
}

/**
 * The canonical text of a workout: top-level items joined by `, `, a one-step repeat without
 * parentheses (`3x10m 95%`). `parseWorkoutText` of it gives back the same workout for any valid one
 * (whole seconds, non-negative finite numbers).
 */
export function serializeWorkoutText(workout: Workout): string {
  return workout.steps
    .map((step) => {
      if (step.kind !== 'repeat') return formatStep(step);
      const inner = step.steps.map(formatStep);
      return inner.length === 1 ? `${step.count}x${inner[0]}` : `${step.count}x(${inner.join(', ')})`;
    })
    .join(', ');
}
