// RFC 5545 rules checked on hand-made lines: folding at 75 octets (§3.1), TEXT escaping (§3.3.11).
import { describe, expect, test } from 'vitest';
import { buildCalendar, escapeText, foldLine } from './calendar-feed.ts';

describe('iCalendar lines', () => {
  test('a 100-octet line folds into 75 octets, then a space and the last 25', () => {
    const line = `SUMMARY:${'x'.repeat(92)}`;
    expect(foldLine(line)).toBe(`${line.slice(0, 75)}\r\n ${line.slice(75)}`);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  test('folding never splits a UTF-8 character; each physical line stays within 75 octets', () => {
    const line = `DESCRIPTION:${'ñ'.repeat(80)}`; // 12 + 160 octets
    const folded = foldLine(line);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded).not.toContain('\uFFFD');
  });

  test('TEXT escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  test('an all-day event ends the next day (exclusive), with UID and DTSTAMP, CRLF throughout', () => {
    const ics = buildCalendar({
      name: 'Plan',
      events: [{ uid: 'u1@vatio', date: '2026-12-31', summary: 'Threshold, 2×20', description: 'TSS 85' }],
      now: new Date(Date.UTC(2026, 11, 1, 6, 5, 9)),
    });
    expect(ics).toContain(
      '\r\nBEGIN:VEVENT\r\nUID:u1@vatio\r\nDTSTAMP:20261201T060509Z\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\nSUMMARY:Threshold\\, 2×20\r\n',
    );
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});
