import type { Workout } from '@vatio/analysis';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { attr, child, list, parseXml, text, unescapeXml } from '../xml/xml.ts';
import { WorkoutExportError } from './errors.ts';
import { workoutToZwo } from './zwo.ts';

/**
 * The .zwo read back with the project's XML parser (and, for the order of the elements, which an object
 * cannot keep, fast-xml-parser with preserveOrder). Expected elements and values worked by hand: Zwift
 * powers are fractions of FTP, ramps run PowerLow → PowerHigh, a range is held at its middle.
 */

// wu ramp 10m 45-70% @85rpm, 5x(1m 120% @100rpm, 1m 50% @85rpm), 3x(2m 90%, 1m 60%, 1m 110%),
// 8m 240W (FTP 300 → 0.8), ramp 4m 70-100%, 10m 88-94% (middle 91 %), free 5m, cd ramp 6m 65-40%
const WORKOUT: Workout = {
  steps: [
    {
      kind: 'warmup',
      durationS: 600,
      target: { type: 'ftpPercent', low: 45, high: 70 },
      ramp: true,
      cadenceRpm: 85,
    },
    {
      kind: 'repeat',
      count: 5,
      steps: [
        {
          kind: 'steady',
          durationS: 60,
          target: { type: 'ftpPercent', low: 120, high: 120 },
          cadenceRpm: 100,
        },
        { kind: 'steady', durationS: 60, target: { type: 'ftpPercent', low: 50, high: 50 }, cadenceRpm: 85 },
      ],
    },
    {
      kind: 'repeat',
      count: 2,
      steps: [
        { kind: 'steady', durationS: 120, target: { type: 'ftpPercent', low: 90, high: 90 } },
        { kind: 'steady', durationS: 60, target: { type: 'ftpPercent', low: 60, high: 60 } },
        { kind: 'steady', durationS: 60, target: { type: 'ftpPercent', low: 110, high: 110 } },
      ],
    },
    { kind: 'steady', durationS: 480, target: { type: 'watts', low: 240, high: 240 } },
    { kind: 'steady', durationS: 240, target: { type: 'ftpPercent', low: 70, high: 100 }, ramp: true },
    { kind: 'steady', durationS: 600, target: { type: 'ftpPercent', low: 88, high: 94 } },
    { kind: 'free', durationS: 300 },
    { kind: 'cooldown', durationS: 360, target: { type: 'ftpPercent', low: 65, high: 40 }, ramp: true },
  ],
};

type Element = { tag: string; attributes: Record<string, string> };

/** The children of <workout> in document order. */
function orderedElements(xml: string): Element[] {
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '' });
  const doc = parser.parse(xml) as Array<Record<string, unknown>>;
  const root = doc.find((node) => 'workout_file' in node)?.workout_file as Array<Record<string, unknown>>;
  const workout = root.find((node) => 'workout' in node)?.workout as Array<Record<string, unknown>>;
  return workout.map((node) => {
    const tag = Object.keys(node).find((k) => k !== ':@') ?? '';
    return { tag, attributes: (node[':@'] ?? {}) as Record<string, string> };
  });
}

describe('workoutToZwo', () => {
  const xml = workoutToZwo(WORKOUT, { name: 'VO2 & threshold', description: 'Hard day', ftpW: 300 });

  it('is well-formed XML with Zwift metadata', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const root = child(parseXml(xml, 'ZWO file'), 'workout_file');
    expect(unescapeXml(text(child(root, 'name')))).toBe('VO2 & threshold');
    expect(text(child(root, 'author'))).toBe('Vatio');
    expect(text(child(root, 'description'))).toBe('Hard day');
    expect(text(child(root, 'sportType'))).toBe('bike');
    const workout = child(root, 'workout');
    expect(list(child(workout, 'IntervalsT'))).toHaveLength(1);
    expect(list(child(workout, 'SteadyState'))).toHaveLength(2 * 3 + 2);
    expect(attr(child(workout, 'Warmup'), 'PowerLow')).toBe('0.45');
    expect(attr(child(workout, 'FreeRide'), 'Duration')).toBe('300');
  });

  it('writes every element in order with hand-worked values', () => {
    const round = (duration: number, power: string) => ({
      tag: 'SteadyState',
      attributes: { Duration: String(duration), Power: power },
    });
    expect(orderedElements(xml)).toEqual([
      { tag: 'Warmup', attributes: { Duration: '600', PowerLow: '0.45', PowerHigh: '0.7', Cadence: '85' } },
      {
        tag: 'IntervalsT',
        attributes: {
          Repeat: '5',
          OnDuration: '60',
          OffDuration: '60',
          OnPower: '1.2',
          OffPower: '0.5',
          Cadence: '100',
          CadenceResting: '85',
        },
      },
      // A three-step repeat has no Zwift element: written out round by round.
      round(120, '0.9'),
      round(60, '0.6'),
      round(60, '1.1'),
      round(120, '0.9'),
      round(60, '0.6'),
      round(60, '1.1'),
      // 240 W / 300 W.
      round(480, '0.8'),
      { tag: 'Ramp', attributes: { Duration: '240', PowerLow: '0.7', PowerHigh: '1' } },
      // 88–94 % held at 91 %.
      round(600, '0.91'),
      { tag: 'FreeRide', attributes: { Duration: '300' } },
      // Descending: PowerLow is the start.
      { tag: 'Cooldown', attributes: { Duration: '360', PowerLow: '0.65', PowerHigh: '0.4' } },
    ]);
  });

  it('adds up to the workout duration', () => {
    const total = orderedElements(xml).reduce((sum, { tag, attributes: a }) => {
      if (tag === 'IntervalsT')
        return sum + Number(a.Repeat) * (Number(a.OnDuration) + Number(a.OffDuration));
      return sum + Number(a.Duration);
    }, 0);
    // 600 + 5·120 + 2·240 + 480 + 240 + 600 + 300 + 360
    expect(total).toBe(3660);
  });

  it('cannot be broken out of by a hostile name or description', () => {
    const name = `</name><workout><FreeRide Duration="9999"/></workout><name>"'&amp;`;
    const description = `]]><!-- x --><!DOCTYPE y [<!ENTITY z "boom">]>&z;\u0000\u0007\ud800 end`;
    const hostile = workoutToZwo(
      { steps: [{ kind: 'steady', durationS: 60, target: { type: 'ftpPercent', low: 50, high: 50 } }] },
      { name, description, author: '<author>' },
    );
    expect(XMLValidator.validate(hostile)).toBe(true);
    const root = child(parseXml(hostile, 'ZWO file'), 'workout_file');
    expect(unescapeXml(text(child(root, 'name')))).toBe(name);
    // Control characters and the lone surrogate are not XML characters: replaced by spaces, then collapsed.
    expect(unescapeXml(text(child(root, 'description')))).toBe(
      `]]><!-- x --><!DOCTYPE y [<!ENTITY z "boom">]>&z; end`,
    );
    expect(unescapeXml(text(child(root, 'author')))).toBe('<author>');
    expect(orderedElements(hostile)).toEqual([
      { tag: 'SteadyState', attributes: { Duration: '60', Power: '0.5' } },
    ]);
  });

  it('needs an FTP for watt targets and refuses heart-rate zones unless approximated', () => {
    const watts: Workout = {
      steps: [{ kind: 'steady', durationS: 60, target: { type: 'watts', low: 200, high: 200 } }],
    };
    expect(() => workoutToZwo(watts, { name: 'W' })).toThrow(
      expect.objectContaining({ code: 'FTP_REQUIRED', format: 'zwo', path: [0] }),
    );
    const hr: Workout = {
      steps: [
        { kind: 'steady', durationS: 60, target: { type: 'ftpPercent', low: 50, high: 50 } },
        {
          kind: 'repeat',
          count: 2,
          steps: [{ kind: 'steady', durationS: 600, target: { type: 'hrZone', zone: 2 } }],
        },
      ],
    };
    let error: unknown;
    try {
      workoutToZwo(hr, { name: 'HR' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WorkoutExportError);
    expect(error).toMatchObject({ code: 'HEART_RATE_TARGET_UNSUPPORTED', path: [1, 0] });
    // Zone 2 ↔ Coggan level 2, 56–75 % FTP: held at 65.5 %.
    const approximated = workoutToZwo(hr, { name: 'HR', heartRateAsPower: true });
    expect(orderedElements(approximated).slice(1)).toEqual([
      { tag: 'SteadyState', attributes: { Duration: '600', Power: '0.655' } },
      { tag: 'SteadyState', attributes: { Duration: '600', Power: '0.655' } },
    ]);
  });
});
