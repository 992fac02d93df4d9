import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { contrastRatio } from './contrast';

// The colours the app is drawn with: Vatio's theme (styles.css @theme) over Tailwind's palette.
const require = createRequire(import.meta.url);
const tailwindTheme = readFileSync(
  join(require.resolve('tailwindcss/package.json'), '..', 'theme.css'),
  'utf8',
);
const vatioTheme = readFileSync(join(import.meta.dirname, '..', 'styles.css'), 'utf8');

function colour(name: string): string {
  for (const css of [vatioTheme, tailwindTheme]) {
    const match = new RegExp(`--color-${name}:\\s*([^;]+);`).exec(css);
    if (match) return match[1]!.trim();
  }
  throw new Error(`No colour --color-${name}`);
}

describe('WCAG contrast', () => {
  test('the formula gives the known ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // The measurement: white on Tailwind's orange-600.
    expect(contrastRatio('#fff', '#ea580c')).toBeCloseTo(3.56, 2);
    // oklch is read as sRGB: Tailwind's white and slate-900 (#0f172b).
    expect(contrastRatio(colour('slate-900'), '#0f172b')).toBeCloseTo(1, 1);
  });

  test('primary buttons: white text on the brand colour, and on its hover, meets 4.5:1', () => {
    expect(contrastRatio(colour('white'), colour('brand-600'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colour('white'), colour('brand-700'))).toBeGreaterThanOrEqual(4.5);
    // Brand-coloured text and icons on white and on the light brand tint.
    expect(contrastRatio(colour('brand-600'), colour('white'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colour('brand-700'), colour('brand-50'))).toBeGreaterThanOrEqual(4.5);
  });

  test('a switched-off chart toggle: label 4.5:1, outline 3:1 (StreamsSection)', () => {
    expect(contrastRatio(colour('slate-600'), colour('white'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colour('slate-500'), colour('white'))).toBeGreaterThanOrEqual(3);
    // The old ones failed: slate-400 text, slate-300 outline.
    expect(contrastRatio(colour('slate-400'), colour('white'))).toBeLessThan(3);
  });
});
