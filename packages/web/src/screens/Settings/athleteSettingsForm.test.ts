import { describe, expect, it } from 'vitest';
import { athleteSettingsFormSchema, today } from './athleteSettingsForm';

const blank = { effective_from: '2026-03-01', ftp_w: '', weight_kg: '', max_hr_bpm: '', lthr_bpm: '' };

function issues(values: typeof blank, units: 'metric' | 'imperial' = 'metric') {
  const result = athleteSettingsFormSchema(units).safeParse(values);
  if (result.success) return [];
  // A field can break two rules with one message (a date's pattern and its range): list it once.
  const pairs = result.error.issues.map((i) => `${i.path.join('.')}|${i.message}`);
  return [...new Set(pairs)].map((pair) => pair.split('|'));
}

describe('athlete settings form', () => {
  it('turns the inputs into the API shape: empty → null, decimal comma, pounds → kg to 0.1', () => {
    const metric = athleteSettingsFormSchema('metric').parse({ ...blank, ftp_w: '250', weight_kg: '70,5' });
    expect(metric).toEqual({
      effective_from: '2026-03-01',
      ftp_w: 250,
      weight_kg: 70.5,
      max_hr_bpm: null,
      lthr_bpm: null,
    });
    const imperial = athleteSettingsFormSchema('imperial').parse({ ...blank, weight_kg: '155' });
    expect(imperial.weight_kg).toBe(70.3);
  });

  it('gives the server schema message keys on the field that is wrong', () => {
    expect(issues({ ...blank, ftp_w: 'abc' })).toEqual([['ftp_w', 'ftp_invalid']]);
    expect(issues({ ...blank, ftp_w: '250.5' })).toEqual([['ftp_w', 'ftp_invalid']]);
    expect(issues({ ...blank, weight_kg: '400' })).toEqual([['weight_kg', 'weight_invalid']]);
    // 30 lb is 13.6 kg: under the 20 kg floor, whatever unit it was typed in.
    expect(issues({ ...blank, weight_kg: '30' }, 'imperial')).toEqual([['weight_kg', 'weight_invalid']]);
    expect(issues({ ...blank, max_hr_bpm: '300' })).toEqual([['max_hr_bpm', 'hr_invalid']]);
    expect(issues({ ...blank, lthr_bpm: '50' })).toEqual([['lthr_bpm', 'hr_invalid']]);
    expect(issues({ ...blank, effective_from: '1-3-2026', ftp_w: '250' })).toEqual([
      ['effective_from', 'date_invalid'],
    ]);
  });

  it('needs at least one value, reported on the whole form', () => {
    expect(issues(blank)).toEqual([['', 'athlete_settings_empty']]);
  });

  it('today is the local date', () => {
    expect(today(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
