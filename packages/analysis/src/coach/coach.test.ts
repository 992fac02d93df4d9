import { describe, expect, it } from 'vitest';
import { recommendations } from './recommendations.ts';
import { evolutionVerdict, isNeutralChange, trendOf } from './trend.ts';

describe('coach recommendations', () => {
  it('puts the high-priority FTP plateau first and shows at most three', () => {
    const list = recommendations(
      { ftpPct: 1, aeroPct: 0, techniquePct: 0.5, efficiencyPct: 0 },
      { limit: 3 },
    );
    expect(list.map((r) => r.id)).toEqual(['ftp-plateau', 'aero-optimise', 'technique-refine']);
  });

  it('gives recovery for a falling FTP and nothing for areas without data', () => {
    const list = recommendations(
      { ftpPct: -4, aeroPct: undefined, techniquePct: undefined, efficiencyPct: 2 },
      { limit: 3 },
    );
    expect(list).toEqual([{ id: 'ftp-recovery', category: 'power', priority: 'high', changePct: -4 }]);
  });

  it('acknowledges progress with low-priority messages', () => {
    const list = recommendations({ ftpPct: 6, aeroPct: -4, techniquePct: 5, efficiencyPct: 3 }, { limit: 3 });
    expect(list.map((r) => r.id)).toEqual(['ftp-consolidate', 'aero-maintain', 'technique-elite']);
  });
});

describe('trend rules', () => {
  it('calls a change above 2 % up, below −2 % down and anything else stable', () => {
    expect(trendOf({ earlier: [100, 100], recent: [103] })).toBe('up');
    expect(trendOf({ earlier: [100], recent: [97.9] })).toBe('down');
    expect(trendOf({ earlier: [100], recent: [102] })).toBe('stable');
    expect(trendOf({ earlier: [], recent: [1] })).toBeUndefined();
  });

  it('treats a change under 0.5 as neutral', () => {
    expect(isNeutralChange(0.49)).toBe(true);
    expect(isNeutralChange(-0.5)).toBe(false);
  });

  it('judges evolution by each metric’s good direction', () => {
    expect(evolutionVerdict({ metric: 'ftp', changePct: 3 })).toBe('improving');
    expect(evolutionVerdict({ metric: 'cda', changePct: 3 })).toBe('worsening');
    expect(evolutionVerdict({ metric: 'weight', changePct: -1.5 })).toBe('stable');
  });
});
