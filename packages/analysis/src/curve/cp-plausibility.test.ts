import { describe, expect, it } from 'vitest';
import { implausibleReasons } from './cp-plausibility.ts';

describe('physiological bounds of a CP fit', () => {
  it('accepts a trained rider’s CP, W′ and Pmax', () => {
    expect(implausibleReasons({ cpW: 280, wPrimeJ: 20_000, pmaxW: 1100 }, 950)).toEqual([]);
    expect(implausibleReasons({ cpW: 50, wPrimeJ: 5_000 }, undefined)).toEqual([]);
    expect(implausibleReasons({ cpW: 600, wPrimeJ: 50_000 }, undefined)).toEqual([]);
  });

  it('rejects the 3P fit of the SRM ride: W′ 108 kJ and a Pmax of 229 W under its 677 W best 5 s', () => {
    expect(implausibleReasons({ cpW: 120, wPrimeJ: 108_000, pmaxW: 229 }, 677)).toEqual([
      'w-prime-too-high',
      'pmax-below-best-5s',
    ]);
  });

  it('names every bound broken', () => {
    expect(implausibleReasons({ cpW: 49, wPrimeJ: 4_999 }, undefined)).toEqual([
      'cp-too-low',
      'w-prime-too-low',
    ]);
    expect(implausibleReasons({ cpW: 601, wPrimeJ: 50_001 }, undefined)).toEqual([
      'cp-too-high',
      'w-prime-too-high',
    ]);
    // Without a best 5 s the Pmax check is skipped; a 2P fit has no Pmax.
    expect(implausibleReasons({ cpW: 250, wPrimeJ: 20_000, pmaxW: 300 }, undefined)).toEqual([]);
  });
});
