import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  energyShares,
  FORMULAS_BASE,
  formatSigned,
  formTone,
  formulaHref,
  loadChartColumns,
  missingInputsKey,
  needLines,
  serverKey,
} from './analyticsLoadFormat';

const day = (date: string, ctl: number, atl: number, tss: number) => ({
  date,
  ctl,
  atl,
  tsb: ctl - atl,
  tss,
});

describe('loadChartColumns', () => {
  const days = [
    { ...day('2026-11-23', 50, 60, 80), ramp_rate: 2 },
    { ...day('2026-11-24', 51, 62, 100), ramp_rate: 2.5 },
  ];
  const projection = [day('2026-11-25', 52, 58, 70), day('2026-11-26', 52.5, 55, 0)];
  const c = loadChartColumns(days, projection);

  test('history then projection on one date axis', () => {
    expect(c.dates).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    expect(c.ctl).toEqual([50, 51, null, null]);
    expect(c.tss).toEqual([80, 100, null, null]);
  });

  test('the projected lines start on the last real day, so they continue the history', () => {
    expect(c.ctlPlan).toEqual([null, 51, 52, 52.5]);
    expect(c.tsbPlan).toEqual([null, -11, -6, -2.5]);
    // The planned TSS is only the future: today's bar is history.
    expect(c.tssPlan).toEqual([null, null, 70, 0]);
  });

  test('every column has one value per date', () => {
    for (const column of Object.values(c)) expect(column).toHaveLength(4);
  });

  test('no history: the projection alone, no bridging point', () => {
    const only = loadChartColumns([], projection);
    expect(only.ctlPlan).toEqual([52, 52.5]);
  });
});

describe('needLines', () => {
  const counts = {
    rides: 2,
    hard_efforts: 1,
    maximal_efforts: 0,
    required_rides: 5,
    required_hard_efforts: 3,
  };
  test('says what is required and what the rider has, never a prediction', () => {
    expect(needLines(['rides', 'hard_efforts', 'weight'], counts)).toEqual([
      { key: 'rides', values: { required: 5, have: 2 } },
      { key: 'hard_efforts', values: { required: 3, have: 1 } },
      { key: 'weight', values: {} },
    ]);
  });
  test('nothing missing, nothing said', () => {
    expect(needLines([], counts)).toEqual([]);
  });
});

describe('formatting', () => {
  test('signed numbers show + and a true minus, zero unsigned', () => {
    expect(formatSigned(12.34, 'en', 1)).toBe('+12.3');
    expect(formatSigned(-3, 'en')).toBe('−3');
    expect(formatSigned(0, 'en')).toBe('0');
    expect(formatSigned(-4.25, 'es', 1)).toBe('−4,3');
  });

  test('form badge colours follow spec 001 §4', () => {
    expect(formTone('excellent')).toBe('green');
    expect(formTone('good')).toBe('blue');
    expect(formTone('overreached')).toBe('red');
  });

  test('energy shares add up to 100 % and keep the zone order', () => {
    const shares = energyShares(
      { endurance: 600, tempo: 200, threshold: 100, vo2max: 80, neuromuscular: 20 },
      ['endurance', 'tempo', 'threshold', 'vo2max', 'neuromuscular'],
    );
    expect(shares.map((s) => s.zone)).toEqual(['endurance', 'tempo', 'threshold', 'vo2max', 'neuromuscular']);
    expect(shares[0]!.pct).toBeCloseTo(60);
    expect(shares.reduce((sum, s) => sum + s.pct, 0)).toBeCloseTo(100);
    expect(energyShares({}, ['endurance'])).toEqual([{ zone: 'endurance', kj: 0, pct: 0 }]);
  });

  test('server message keys live under server.', () => {
    expect(serverKey('load.recovery.sleep.tired')).toBe('server.load.recovery.sleep.tired');
  });
});

describe('formula links', () => {
  const root = join(import.meta.dirname, '../../../../../docs/formulas');
  // GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens.
  const anchors = (page: string) =>
    readFileSync(join(root, `${page}.md`), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map((line) =>
        line
          .replace(/^#+\s*/, '')
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s_-]/gu, '')
          .replace(/\s/g, '-'),
      );

  test('every link names an existing page and heading', () => {
    const ids = [
      'ctl',
      'atl',
      'tsb',
      'form',
      'tss',
      'plan',
      'predictedFtp',
      'confidence',
      'plateau',
      'daysToTest',
      'powerProfile',
      'riderType',
      'tactical',
      'events',
      'summary',
      'panelMetric',
    ] as const;
    for (const id of ids) {
      const href = formulaHref(id);
      expect(href.startsWith(FORMULAS_BASE)).toBe(true);
      const [page, anchor] = href.slice(FORMULAS_BASE.length).split('#');
      expect(page, `${id} → ${href}`).toMatch(/^[\w-]+$/);
      const headings = anchors(page!);
      if (anchor) expect(headings, `${id} → ${href}`).toContain(anchor);
    }
  });

  test('the power profile and events say what is missing, not "your weight" to a rider who set it', () => {
    // A rider with a weight whose rides with power are all older than 90 days (the real fixtures).
    expect(missingInputsKey(['power', 'rides', 'hard_efforts'])).toBe('noneRides');
    expect(missingInputsKey(['weight'])).toBe('noneWeight');
    expect(missingInputsKey(['power', 'rides', 'weight'])).toBe('none');
  });
});
