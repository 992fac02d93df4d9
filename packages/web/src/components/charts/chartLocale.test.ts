import type uPlot from 'uplot';
import { describe, expect, test } from 'vitest';
import { localizeOptions } from './chartLocale';

// Issue 25 §7: the /bikes › Rendimiento trend charts showed uPlot's own "Time" in Spanish (an x
// series without a label), English month names and ISO dates in the legend.
const labels = { time: 'Fecha', value: 'Valor' };
const fakeChart = {} as uPlot;

describe('uPlot options in the app language', () => {
  test("an unlabelled series gets the language's word, not uPlot's 'Time' or 'Value'", () => {
    const options = localizeOptions(
      { scales: { x: { time: true } }, series: [{}, { label: 'km/h' }, {}] },
      'es',
      labels,
    );
    expect(options.series.map((s) => s.label)).toEqual(['Fecha', 'km/h', 'Valor']);
  });

  test('dates go through Intl in the language (no ISO date, no English month)', () => {
    const options = localizeOptions({ series: [{}] }, 'es', labels);
    const legend = options.fmtDate!('{YYYY}-{MM}-{DD} {h}:{mm}{aa}')(new Date(2026, 8, 14, 9, 30));
    expect(legend).not.toMatch(/\d{4}-\d{2}-\d{2}|AM|Sep/);
    expect(legend).toContain('sept');
  });

  test('numeric axes and legend values use a decimal comma in Spanish; given ones are kept', () => {
    const values = (_u: uPlot, splits: number[]) => splits.map(String);
    const options = localizeOptions(
      {
        scales: { x: { time: false } },
        series: [{ label: 'km' }, { label: 'CdA' }],
        axes: [{}, { values }],
      },
      'es',
      labels,
    );
    const xValues = options.axes![0]!.values as (u: uPlot, splits: number[]) => string[];
    expect(xValues(fakeChart, [0, 0.5, 1])).toEqual(['0,0', '0,5', '1,0']);
    expect(options.axes![1]!.values).toBe(values);
    const legend = options.series[1]!.value as (u: uPlot, v: number | null) => string;
    expect(legend(fakeChart, 0.325)).toBe('0,33');
    expect(legend(fakeChart, 250)).toBe('250');
    expect(legend(fakeChart, null)).toBe('—');
  });

  test('a time axis keeps uPlot’s date ticks (written through fmtDate)', () => {
    const options = localizeOptions({ series: [{}], axes: [{}, {}] }, 'en', labels);
    expect(options.axes![0]!.values).toBeUndefined();
    expect(options.axes![1]!.values).toBeTypeOf('function');
  });
});
