// Numbers, durations, distances, speeds, elevations and dates in the rider's language and units.
// Every screen formats through here so that metric/imperial (from the profile) applies everywhere.
// The API speaks SI: metres, seconds, m/s, watts. A missing value (null, undefined, NaN) is '—'.

export type Units = 'metric' | 'imperial';

export const MISSING = '—';
const METRES_PER_MILE = 1609.344;
const FEET_PER_METRE = 3.280839895;
const MPH_PER_MPS = 2.2369362921;
const KMH_PER_MPS = 3.6;

type Maybe = number | null | undefined;

function present(value: Maybe): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number with a fixed count of decimals in the language's style (1.234,5 or 1,234.5). */
export function formatNumber(value: Maybe, language: string, fractionDigits = 0): string {
  if (!present(value)) return MISSING;
  const key = `${language}|${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    numberFormats.set(key, format);
  }
  // Avoid "-0" for values that round to zero.
  const rounded = Number(value.toFixed(fractionDigits));
  return format.format(rounded === 0 ? 0 : rounded);
}

/** Seconds as a clock: 1:02:03, or 2:03 under an hour. */
export function formatClock(seconds: Maybe): string {
  if (!present(seconds)) return MISSING;
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Seconds as hours and minutes (spec 001 §2.12): '1h 2m', or '45m' under an hour. */
export function formatHoursMinutes(seconds: Maybe): string {
  if (!present(seconds)) return MISSING;
  const totalMinutes = Math.max(0, Math.round(seconds / 60));
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** A short duration label for axes and curve marks: 5s, 30s, 1m, 20m, 60m, 2h, 1h 30m. */
export function formatDurationLabel(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 7200) {
    const m = Math.floor(s / 60);
    const rest = s % 60;
    return rest === 0 ? `${m}m` : `${m}m${String(rest).padStart(2, '0')}s`;
  }
  const h = Math.floor(s / 3600);
  const m = Math.round((s % 3600) / 60);
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

export function formatWatts(watts: Maybe, language: string): string {
  return present(watts) ? `${formatNumber(watts, language)} W` : MISSING;
}

/** Heart rate's unit: "lpm" (latidos/pulsaciones por minuto) in Spanish, "bpm" in English. */
export function heartRateUnit(language: string): string {
  return language.startsWith('es') ? 'lpm' : 'bpm';
}

export function formatBpm(bpm: Maybe, language: string): string {
  return present(bpm) ? `${formatNumber(bpm, language)} ${heartRateUnit(language)}` : MISSING;
}

export function formatRpm(rpm: Maybe, language: string): string {
  return present(rpm) ? `${formatNumber(rpm, language)} rpm` : MISSING;
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/**
 * A percentage (given as 0–100) as the language writes it, through Intl's percent style:
 * '1,5 %' in Spanish (a non-breaking space before the sign, per es-ES), '1.5%' in English.
 */
export function formatPercent(pct: Maybe, language: string, fractionDigits = 1): string {
  if (!present(pct)) return MISSING;
  const key = `${language}|${fractionDigits}`;
  let format = percentFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'percent',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    percentFormats.set(key, format);
  }
  const rounded = Number(pct.toFixed(fractionDigits));
  return format.format((rounded === 0 ? 0 : rounded) / 100);
}

/** The sign of a change: '+', '−' (the minus sign, not a hyphen) or '±' for no change. */
function signOf(value: number, fractionDigits: number): string {
  const rounded = Number(value.toFixed(fractionDigits));
  return rounded > 0 ? '+' : rounded < 0 ? '−' : '±';
}

/** A change in percent with its sign: '+1,5 %' / '+1.5%', '−3 %', '±0 %'. */
export function formatSignedPercent(pct: Maybe, language: string, fractionDigits = 1): string {
  if (!present(pct)) return MISSING;
  return `${signOf(pct, fractionDigits)}${formatPercent(Math.abs(pct), language, fractionDigits)}`;
}

/** A change with its sign: '+1,5' / '+1.5', '−12', '±0'. */
export function formatSignedNumber(value: Maybe, language: string, fractionDigits = 0): string {
  if (!present(value)) return MISSING;
  return `${signOf(value, fractionDigits)}${formatNumber(Math.abs(value), language, fractionDigits)}`;
}

export function formatKilojoules(kj: Maybe, language: string): string {
  return present(kj) ? `${formatNumber(kj, language)} kJ` : MISSING;
}

/** Distance in km or mi (1 decimal, or 2 under 10). */
export function formatDistance(metres: Maybe, units: Units, language: string): string {
  if (!present(metres)) return MISSING;
  const value = units === 'imperial' ? metres / METRES_PER_MILE : metres / 1000;
  return `${formatNumber(value, language, Math.abs(value) < 10 ? 2 : 1)} ${distanceUnit(units)}`;
}

export function distanceUnit(units: Units): string {
  return units === 'imperial' ? 'mi' : 'km';
}

/** Metres to the rider's distance unit (km or mi), as a number for charts. */
export function toDistanceUnit(metres: number, units: Units): number {
  return units === 'imperial' ? metres / METRES_PER_MILE : metres / 1000;
}

/** Speed in km/h or mph (1 decimal). */
export function formatSpeed(metresPerSecond: Maybe, units: Units, language: string): string {
  if (!present(metresPerSecond)) return MISSING;
  return `${formatNumber(toSpeedUnit(metresPerSecond, units), language, 1)} ${speedUnit(units)}`;
}

export function speedUnit(units: Units): string {
  return units === 'imperial' ? 'mph' : 'km/h';
}

export function toSpeedUnit(metresPerSecond: number, units: Units): number {
  return metresPerSecond * (units === 'imperial' ? MPH_PER_MPS : KMH_PER_MPS);
}

/** Elevation in m or ft (whole numbers). */
export function formatElevation(metres: Maybe, units: Units, language: string): string {
  if (!present(metres)) return MISSING;
  return `${formatNumber(toElevationUnit(metres, units), language)} ${elevationUnit(units)}`;
}

export function elevationUnit(units: Units): string {
  return units === 'imperial' ? 'ft' : 'm';
}

export function toElevationUnit(metres: number, units: Units): number {
  return units === 'imperial' ? metres * FEET_PER_METRE : metres;
}

const POUNDS_PER_KG = 2.2046226218;

/** Body weight in kg or lb (1 decimal). */
export function formatWeight(kg: Maybe, units: Units, language: string): string {
  if (!present(kg)) return MISSING;
  return `${formatNumber(toWeightUnit(kg, units), language, 1)} ${weightUnit(units)}`;
}

export function weightUnit(units: Units): string {
  return units === 'imperial' ? 'lb' : 'kg';
}

export function toWeightUnit(kg: number, units: Units): number {
  return units === 'imperial' ? kg * POUNDS_PER_KG : kg;
}

/** A weight typed in the rider's unit, back to kilograms. */
export function fromWeightUnit(value: number, units: Units): number {
  return units === 'imperial' ? value / POUNDS_PER_KG : value;
}

function parseDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  // A plain 'YYYY-MM-DD' is a calendar day, not UTC midnight (which is the day before in America).
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00`)
      : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const DATE_STYLES = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  longDate: { dateStyle: 'full' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per language and style, kept as the number formats are: building one costs
 * far more than formatting with it, and a screen re-rendered every second of a live ride (and its
 * lists of rides) formatted each date with a new one.
 */
function dateFormat(language: string, style: keyof typeof DATE_STYLES): Intl.DateTimeFormat {
  const key = `${language}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, DATE_STYLES[style]);
    dateFormats.set(key, format);
  }
  return format;
}

/** A date in the language's style: '1 may 2026' / 'May 1, 2026'. */
export function formatDate(value: string | Date | null | undefined, language: string): string {
  const date = parseDate(value);
  if (!date) return MISSING;
  return dateFormat(language, 'date').format(date);
}

/** Date and time: '1 may 2026, 9:30' / 'May 1, 2026, 9:30 AM'. */
export function formatDateTime(value: string | Date | null | undefined, language: string): string {
  const date = parseDate(value);
  if (!date) return MISSING;
  return dateFormat(language, 'dateTime').format(date);
}

/** A full weekday date for a ride's header: 'viernes, 1 de mayo de 2026'. */
export function formatLongDate(value: string | Date | null | undefined, language: string): string {
  const date = parseDate(value);
  if (!date) return MISSING;
  return dateFormat(language, 'longDate').format(date);
}

/**
 * uPlot's date formatter (its `fmtDate` option) in the language: uPlot asks for templates such as
 * '{M}/{D}', '{MMM}', '{YYYY}' or '{YYYY}-{MM}-{DD} {h}:{mm}{aa}' (US order, English month names, ISO
 * dates in the legend); each line of the template is read for which parts it shows and written by
 * Intl in the language's own order and words ('3 may', '14:05').
 */
export function chartDateFormat(language: string): (template: string) => (date: Date) => string {
  return (template) => {
    const lines = template.split('\n').map((line) => {
      const options: Intl.DateTimeFormatOptions = {};
      if (/\{YYYY\}|\{YY\}/.test(line)) options.year = 'numeric';
      if (/\{MMMM\}/.test(line)) options.month = 'long';
      else if (/\{MMM\}/.test(line)) options.month = 'short';
      else if (/\{MM?\}/.test(line)) options.month = /\{D+\}/.test(line) ? 'short' : 'numeric';
      if (/\{DD?\}/.test(line)) options.day = 'numeric';
      if (/\{WWWW\}/.test(line)) options.weekday = 'long';
      else if (/\{WWW\}/.test(line)) options.weekday = 'short';
      if (/\{[Hh]{1,2}\}/.test(line)) options.hour = 'numeric';
      if (/\{mm\}/.test(line)) options.minute = '2-digit';
      if (/\{ss\}/.test(line)) options.second = '2-digit';
      if (/\{fff\}/.test(line)) options.fractionalSecondDigits = 3;
      return Object.keys(options).length === 0 ? null : new Intl.DateTimeFormat(language, options);
    });
    return (date) =>
      lines
        .map((format) => format?.format(date) ?? '')
        .filter(Boolean)
        .join('\n');
  };
}

/**
 * Tick values of a numeric chart axis in the language (uPlot's own default uses the browser's locale):
 * as many decimals as the step between ticks needs.
 */
export function formatAxisNumbers(splits: readonly (number | null)[], language: string): string[] {
  const values = splits.filter((v): v is number => v !== null && Number.isFinite(v));
  let step = Number.POSITIVE_INFINITY;
  for (let i = 1; i < values.length; i++) step = Math.min(step, Math.abs(values[i]! - values[i - 1]!));
  const digits =
    Number.isFinite(step) && step > 0 ? Math.min(4, Math.max(0, -Math.floor(Math.log10(step) + 1e-9))) : 0;
  return splits.map((v) => (v === null || !Number.isFinite(v) ? '' : formatNumber(v, language, digits)));
}

/** Everything above, bound to one language and unit system. */
export interface Formatter {
  language: string;
  units: Units;
  number: (value: Maybe, fractionDigits?: number) => string;
  watts: (value: Maybe) => string;
  bpm: (value: Maybe) => string;
  /** "lpm" or "bpm", for axes and ranges. */
  bpmUnit: string;
  rpm: (value: Maybe) => string;
  percent: (value: Maybe, fractionDigits?: number) => string;
  /** A change in percent with its sign: '+1,5 %' / '+1.5%'. */
  signedPercent: (value: Maybe, fractionDigits?: number) => string;
  /** A change with its sign: '+1,5' / '+1.5'. */
  signedNumber: (value: Maybe, fractionDigits?: number) => string;
  kilojoules: (value: Maybe) => string;
  clock: (seconds: Maybe) => string;
  hoursMinutes: (seconds: Maybe) => string;
  distance: (metres: Maybe) => string;
  speed: (metresPerSecond: Maybe) => string;
  elevation: (metres: Maybe) => string;
  weight: (kg: Maybe) => string;
  date: (value: string | Date | null | undefined) => string;
  dateTime: (value: string | Date | null | undefined) => string;
  longDate: (value: string | Date | null | undefined) => string;
}

export function createFormatter(language: string, units: Units): Formatter {
  return {
    language,
    units,
    number: (value, digits) => formatNumber(value, language, digits),
    watts: (value) => formatWatts(value, language),
    bpm: (value) => formatBpm(value, language),
    bpmUnit: heartRateUnit(language),
    rpm: (value) => formatRpm(value, language),
    percent: (value, digits) => formatPercent(value, language, digits),
    signedPercent: (value, digits) => formatSignedPercent(value, language, digits),
    signedNumber: (value, digits) => formatSignedNumber(value, language, digits),
    kilojoules: (value) => formatKilojoules(value, language),
    clock: formatClock,
    hoursMinutes: formatHoursMinutes,
    distance: (metres) => formatDistance(metres, units, language),
    speed: (mps) => formatSpeed(mps, units, language),
    elevation: (metres) => formatElevation(metres, units, language),
    weight: (kg) => formatWeight(kg, units, language),
    date: (value) => formatDate(value, language),
    dateTime: (value) => formatDateTime(value, language),
    longDate: (value) => formatLongDate(value, language),
  };
}
