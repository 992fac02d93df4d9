// Issue 16: what a rider types reaches the export's CSV as text, never as a spreadsheet formula.
import { describe, expect, test } from 'vitest';
import { toCsv } from './export-archive.ts';

describe('the export CSV', () => {
  test('text that begins like a formula is kept as text; numbers, dates and plain text are unchanged', () => {
    const csv = toCsv([
      { name: '=HYPERLINK("http://evil.example","x")', notes: '+1', power: -5, day: new Date(0) },
      { name: '@SUM(A1)', notes: "-cmd|' /C calc'!A0", power: 250, day: null },
      { name: 'Morning ride, hills', notes: 'plain', power: 0, day: null },
      { name: '\tTab', notes: '<script>x</script>', power: -0.5, day: null },
    ]);
    expect(csv.split('\n')).toEqual([
      'name,notes,power,day',
      `"'=HYPERLINK(""http://evil.example"",""x"")",'+1,-5,1970-01-01T00:00:00.000Z`,
      `'@SUM(A1),'-cmd|' /C calc'!A0,250,`,
      '"Morning ride, hills",plain,0,',
      `'\tTab,<script>x</script>,-0.5,`,
      '',
    ]);
  });
});
