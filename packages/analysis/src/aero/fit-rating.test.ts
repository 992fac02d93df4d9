import { describe, expect, it } from 'vitest';
import { aeroImplausibilities, rateAeroFit } from './fit-rating.ts';

describe('aero fit rating', () => {
  it('never rates an impossible CdA or Crr good, whatever the R²', () => {
    // The ride: CdA 0.048 m², Crr 0.0347, R² 1.00 was shown as "Good".
    expect(rateAeroFit({ cdaM2: 0.048, crr: 0.0347, r2: 1 })).toEqual({
      rating: 'implausible',
      implausible: ['cda_low', 'crr_high'],
    });
    expect(rateAeroFit({ cdaM2: 0.75, crr: 0.004, r2: 0.99 }).rating).toBe('implausible');
    expect(rateAeroFit({ cdaM2: 0.3, crr: 0.0005, r2: 0.99 }).implausible).toEqual(['crr_low']);
    expect(rateAeroFit({ cdaM2: Number.NaN, crr: Number.NaN, r2: 1 }).implausible).toEqual([
      'cda_low',
      'crr_low',
    ]);
  });

  it('takes the bounds themselves as plausible', () => {
    for (const fit of [
      { cdaM2: 0.15, crr: 0.001 },
      { cdaM2: 0.6, crr: 0.015 },
    ])
      expect(aeroImplausibilities(fit)).toEqual([]);
    expect(aeroImplausibilities({ cdaM2: 0.1499, crr: 0.0151 })).toEqual(['cda_low', 'crr_high']);
    expect(aeroImplausibilities({ cdaM2: 0.6001, crr: 0.00099 })).toEqual(['cda_high', 'crr_low']);
  });

  it('rates a plausible fit by R²: 0.9 good, 0.7 fair, below poor', () => {
    const fit = { cdaM2: 0.3, crr: 0.004 };
    expect(rateAeroFit({ ...fit, r2: 0.9 }).rating).toBe('good');
    expect(rateAeroFit({ ...fit, r2: 0.8999 }).rating).toBe('fair');
    expect(rateAeroFit({ ...fit, r2: 0.7 }).rating).toBe('fair');
    expect(rateAeroFit({ ...fit, r2: 0.6999 }).rating).toBe('poor');
  });
});
