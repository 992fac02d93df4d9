/**
 * `vatio analyze FILE [--json] [--ftp W] [--weight KG] [--max-hr BPM]`: decodes one ride file and
 * prints every per-ride metric of the ride report (@vatio/analysis `rideReport`, the one the server
 * stores and shows), as a readable summary or as JSON (`analyze-report.ts`).
 * Exit codes: 0 analysed; 2 bad usage, a file that cannot be read or decoded, or a ride whose values
 * the analysis refuses (one line on stderr); 1 anything else (a bug). Impossible sample values (power
 * −1e308) are dropped by the decoder with a warning, so such a ride is analysed (issue 16).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { decodeActivity, isFormatError } from '@vatio/formats';
import { type AnalyzeOptions, buildAnalyzeReport } from './analyze-report.ts';
import { formatAnalyzeText } from './analyze-text.ts';

export const ANALYZE_USAGE = `Usage: vatio analyze FILE [--json] [--ftp W] [--weight KG] [--max-hr BPM]

  FILE          a ride: .fit, .fit.gz, .tcx or .gpx
  --json        print the full analysis as JSON instead of a summary
  --ftp W       functional threshold power in watts (default: the FTP recorded in the file,
                else the eFTP of the ride itself, as the server estimates it)
  --weight KG   rider weight in kg, for W/kg, VO2max and the CdA fit (75 kg assumed without it)
  --max-hr BPM  maximum heart rate, for heart-rate zones (% of max)
`;

export interface AnalyzeArgs extends AnalyzeOptions {
  readonly file: string;
  readonly json: boolean;
}

/** Accepted ranges: wide enough for any rider, narrow enough to catch a typo (`--weight 7`). */
const NUMERIC_FLAGS = {
  '--ftp': { key: 'ftpW', what: 'watts', min: 30, max: 1000 },
  '--weight': { key: 'weightKg', what: 'kilograms', min: 25, max: 250 },
  '--max-hr': { key: 'maxHrBpm', what: 'beats per minute', min: 80, max: 250 },
} as const;

type NumericFlag = keyof typeof NUMERIC_FLAGS;

function isNumericFlag(name: string): name is NumericFlag {
  return Object.hasOwn(NUMERIC_FLAGS, name);
}

export class UsageError extends Error {}

/** Parses the arguments after `analyze`; throws a UsageError with a one-line reason. */
export function parseAnalyzeArgs(argv: readonly string[]): AnalyzeArgs {
  const files: string[] = [];
  const numbers: { ftpW?: number; weightKg?: number; maxHrBpm?: number } = {};
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') {
      json = true;
      continue;
    }
    const [name = '', inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg];
    if (isNumericFlag(name)) {
      const spec = NUMERIC_FLAGS[name];
      const raw = inline ?? argv[++i];
      if (raw === undefined) throw new UsageError(`${name} needs a value in ${spec.what}`);
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value)) {
        throw new UsageError(`${name} expects a number of ${spec.what}, got "${raw}"`);
      }
      if (value < spec.min || value > spec.max) {
        throw new UsageError(`${name} must be between ${spec.min} and ${spec.max} ${spec.what}, got ${raw}`);
      }
      numbers[spec.key] = value;
      continue;
    }
    if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
    files.push(arg);
  }
  if (files.length === 0) throw new UsageError('which file? give the path of a ride');
  if (files.length > 1) throw new UsageError(`one file at a time (got ${files.length})`);
  return { file: files[0]!, json, ...numbers };
}

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

const STD_OUTPUT: Output = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/**
 * Runs `vatio analyze` and returns the exit code. `build` is the report builder (a test passes one
 * that fails, to check the exit code of a ride the analysis refuses).
 */
export function runAnalyze(
  argv: readonly string[],
  io: Output = STD_OUTPUT,
  build: typeof buildAnalyzeReport = buildAnalyzeReport,
): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(ANALYZE_USAGE);
    return 0;
  }
  let args: AnalyzeArgs;
  try {
    args = parseAnalyzeArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`vatio analyze: ${error.message}\n\n${ANALYZE_USAGE}`);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(args.file));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    io.err(`vatio analyze: cannot read ${args.file}: ${oneLine(reason)}`);
    return 2;
  }
  const name = basename(args.file);
  let activity: ReturnType<typeof decodeActivity>;
  try {
    activity = decodeActivity(bytes, name);
  } catch (error) {
    if (!isFormatError(error)) throw error;
    io.err(`vatio analyze: ${name}: ${oneLine(error.message)}`);
    return 2;
  }
  let report: ReturnType<typeof buildAnalyzeReport>;
  try {
    report = build(activity, name, args);
  } catch (error) {
    // The analysis refuses impossible inputs with a RangeError ("ftpW must be positive"): the file
    // decoded but holds values no ride has. That is bad input (2), not a bug in Vatio (1).
    if (!(error instanceof RangeError)) throw error;
    io.err(`vatio analyze: ${name}: the ride's values cannot be analysed: ${oneLine(error.message)}`);
    return 2;
  }
  io.out(args.json ? JSON.stringify(report, null, 2) : formatAnalyzeText(report));
  return 0;
}
