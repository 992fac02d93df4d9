import { dayNumber, isoDateOf } from '@vatio/analysis';
import { AppError } from '../../errors.ts';
import { setBounded } from '../../lib/bounded-map.ts';

// Calendar days, weeks and months as the rider lives them: local dates in an IANA time zone, weeks
// starting on the locale's first day (Monday in Spain and Britain, Sunday in the US). A ride at
// 23:30 on Sunday in Madrid belongs to that Sunday's week even though it is Monday in UTC.

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateFormats.set(timeZone, format);
  }
  return format;
}

/**
 * `compute` remembered for the last `max` distinct inputs it returned for (every dashboard request
 * names its zone and locale, and building an Intl object costs more than the cached answer does).
 * Inputs it throws on are not remembered. Bounded, since the inputs come from the query string.
 */
function remembered<R>(max: number, compute: (input: string) => R): (input: string) => R {
  const answers = new Map<string, R>();
  return (input) => {
    const known = answers.get(input);
    if (known !== undefined) return known;
    const answer = compute(input);
    setBounded(answers, input, answer, max);
    return answer;
  };
}

const resolveKnownTimeZone = remembered(1000, (timeZone) => {
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw new AppError('VALIDATION', 'tz must be an IANA time zone, such as Europe/Madrid.', {
      fields: { tz: 'invalid' },
    });
  }
});

/** The IANA zone if the runtime knows it; a 400 otherwise. Absent means UTC. */
export function resolveTimeZone(timeZone: string | undefined): string {
  if (timeZone === undefined || timeZone === '') return 'UTC';
  if (typeof timeZone !== 'string' || timeZone.length > 64)
    throw new AppError('VALIDATION', 'tz must be an IANA time zone.', { fields: { tz: 'invalid' } });
  return resolveKnownTimeZone(timeZone);
}

/** First day of the week of a BCP 47 locale (`es` → Monday, `en-US` → Sunday); Monday (ISO) when unknown. */
export function firstDayOfWeek(locale: string | undefined): number {
  if (!locale || locale.length > 35) return 1;
  return firstDayOfLocale(locale);
}

const firstDayOfLocale = remembered(1000, (locale): number => {
  try {
    const l = new Intl.Locale(locale) as Intl.Locale & {
      weekInfo?: { firstDay: number };
      getWeekInfo?: () => { firstDay: number };
    };
    // Node 20 has the `weekInfo` getter; newer engines renamed it `getWeekInfo()`.
    const info = l.getWeekInfo?.() ?? l.weekInfo;
    return info?.firstDay ?? 1;
  } catch {
    return 1;
  }
});

function wallClockParts(instantMs: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatFor(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The zone's offset from UTC at an instant, in ms (Madrid in summer: +7,200,000). */
function offsetMs(instantMs: number, timeZone: string): number {
  const p = wallClockParts(instantMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The local calendar date (`YYYY-MM-DD`) of an instant. */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA formats a date as YYYY-MM-DD, several times faster than formatToParts (the training load
  // dates every ride of a rider's history); the parts below stay the fallback for other ICU data.
  let day = dayFormats.get(timeZone);
  if (!day) {
    day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, day);
  }
  const text = day.format(instant);
  if (ISO_DAY.test(text)) return text;
  const p = wallClockParts(instant.getTime(), timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

const todays = new Map<string, { fromMs: number; toMs: number; date: string }>();

/**
 * `localDate` of the current instant, remembered per zone with the exact bounds of that local day
 * (`localMidnight` of it and of the next), so the many requests of one day in one zone format no
 * date: every cached analytics answer is keyed by the rider's today, and formatting it was a few
 * percent of a warm request's CPU. Exact across DST changes and odd offsets: a hit is an instant
 * inside the day's own bounds.
 */
export function localToday(now: Date, timeZone: string): string {
  const ms = now.getTime();
  const hit = todays.get(timeZone);
  if (hit && ms >= hit.fromMs && ms < hit.toMs) return hit.date;
  const date = localDate(now, timeZone);
  const fromMs = localMidnight(date, timeZone).getTime();
  const toMs = localMidnight(addDays(date, 1), timeZone).getTime();
  // Bounded: the zones come from query strings (resolved, so only real zones, but many of them).
  setBounded(todays, timeZone, { fromMs, toMs, date }, 1000);
  return date;
}

/** The instant local midnight begins on a date (the first instant of that local day). */
export function localMidnight(isoDate: string, timeZone: string): Date {
  const wallMs = dayNumber(isoDate) * 86_400_000;
  let instant = wallMs - offsetMs(wallMs, timeZone);
  // Across a DST change the offset at the guess differs from the offset at the answer: one more step.
  const corrected = wallMs - offsetMs(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  // Where the clocks spring forward AT midnight (America/Santiago, America/Havana), 00:00 does not
  // exist and the guess lands on 23:00 the day before: the day then begins at the change itself, the
  // first minute whose local date is this one (binary search over the next three hours).
  if (localDate(new Date(instant), timeZone) !== isoDate) {
    let lo = 0;
    let hi = 180;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (localDate(new Date(instant + mid * 60_000), timeZone) === isoDate) hi = mid;
      else lo = mid + 1;
    }
    instant += lo * 60_000;
  }
  return new Date(instant);
}

export function addDays(isoDate: string, days: number): string {
  return isoDateOf(dayNumber(isoDate) + days);
}

/** The first day of the week that contains the date. */
export function weekStartOf(isoDate: string, firstDay: number): string {
  const day = dayNumber(isoDate);
  // 1970-01-01 was a Thursday (4 in weekInfo numbering, Monday = 1).
  const weekday = ((day + 3) % 7) + 1;
  return isoDateOf(day - ((weekday - firstDay + 7) % 7));
}

export function monthStartOf(isoDate: string): string {
  return `${isoDate.slice(0, 8)}01`;
}

/** The first day of the month `months` after (or before, when negative) the month of the date. */
export function addMonths(monthStart: string, months: number): string {
  const year = Number(monthStart.slice(0, 4));
  const month = Number(monthStart.slice(5, 7)) - 1 + months;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-01`;
}

/** A run of local days [fromDate, toDate) and the instants that bound it, for queries. */
export interface LocalWindow {
  readonly fromDate: string;
  /** Exclusive. */
  readonly toDate: string;
  readonly from: Date;
  readonly to: Date;
}

export function localWindow(fromDate: string, toDate: string, timeZone: string): LocalWindow {
  return { fromDate, toDate, from: localMidnight(fromDate, timeZone), to: localMidnight(toDate, timeZone) };
}
