/**
 * The plan as an iCalendar feed (RFC 5545): one all-day VEVENT per planned session or event.
 * The rules followed: lines end in CRLF (§3.1); content lines longer than 75 octets are folded with
 * CRLF + one space, never inside a UTF-8 sequence (§3.1); TEXT values escape backslash, semicolon,
 * comma and newline (§3.3.11); every VEVENT has UID and DTSTAMP (§3.6.1); an all-day event is
 * DTSTART;VALUE=DATE with DTEND the next day, exclusive (§3.6.1, §3.3.4).
 */

export interface CalendarEvent {
  /** Stable across fetches so calendar apps update instead of duplicating. */
  uid: string;
  date: string;
  summary: string;
  description: string;
}

/** §3.3.11: backslash, semicolon, comma and line breaks escaped in a TEXT value. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** §3.1: lines of at most 75 octets, continued on lines starting with one space; UTF-8 kept whole. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Back off to a character boundary: continuation bytes are 10xxxxxx.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // the leading space of a continuation line counts
  }
  return parts.join('\r\n ');
}

const compactDate = (date: string) => date.replace(/-/g, '');
const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
/** §3.3.5 form 2: UTC date-time, `YYYYMMDDTHHMMSSZ`. */
const utcStamp = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

export function buildCalendar(input: { name: string; events: readonly CalendarEvent[]; now: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vatio//Training plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
  ];
  const stamp = utcStamp(input.now);
  for (const e of input.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(e.date)}`,
      `DTEND;VALUE=DATE:${compactDate(nextDay(e.date))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
