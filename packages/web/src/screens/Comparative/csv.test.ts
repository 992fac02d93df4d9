import { describe, expect, test } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  test('quotes commas, quotes and line breaks, leaves nulls empty, separates sections by a blank line', () => {
    const csv = toCsv([
      {
        title: 'Resumen',
        header: ['a', 'b'],
        rows: [
          ['x, y', 1.5],
          [null, 'say "hi"'],
        ],
      },
      { title: 'Two', header: ['c'], rows: [[Number.NaN]] },
    ]);
    expect(csv).toBe('Resumen\r\na,b\r\n"x, y",1.5\r\n,"say ""hi"""\r\n\r\nTwo\r\nc\r\n');
  });
});
