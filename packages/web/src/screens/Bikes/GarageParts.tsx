import type { BikeType } from '@vatio/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, FormulaLink, type Tone } from '../../components/analytics/AnalysisParts';
import { cn } from '../../components/ui/cn';
import type { Formatter } from '../../lib/format';
import { distanceUnit, speedUnit, toDistanceUnit, toSpeedUnit } from '../../lib/format';
import type { FormulaId } from '../../lib/formula-links';

const TYPE_TONES: Record<BikeType, Tone> = { road: 'blue', tt: 'amber', gravel: 'green', mountain: 'slate' };

export function TypeBadge({ type }: { type: BikeType }) {
  const { t } = useTranslation('bikes');
  return <Badge tone={TYPE_TONES[type]}>{t(`types.${type}`)}</Badge>;
}

/** The efficiency score (km/h per W/kg) in the rider's speed unit per W/kg. */
export function efficiencyText(kmhPerWkg: number | null, f: Formatter): string {
  if (kmhPerWkg === null) return '—';
  return `${f.number(toSpeedUnit(kmhPerWkg / 3.6, f.units), 1)} ${speedUnit(f.units)}/(W/kg)`;
}

/** A distance interval (km) in whole km or mi. */
export function intervalText(km: number, f: Formatter): string {
  return `${f.number(toDistanceUnit(km * 1000, f.units))} ${distanceUnit(f.units)}`;
}

/** A labelled value, linked to its formula when it has one. */
export function Stat({
  label,
  value,
  hint,
  formula,
  testId,
  wrap = false,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  formula?: FormulaId;
  testId?: string;
  /** A value with a long unit ('16,7 km/h/(W/kg)') wraps at its space, a size smaller on a phone: on one line
   *  it ran out of the tile, and 'km/h/(W/kg)' alone in text-lg is still 2 px wider than a 390 px phone's tile. */
  wrap?: boolean;
}) {
  return (
    <div
      data-testid={testId}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800"
    >
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {label}
      </p>
      <p
        className={`mt-1 ${wrap ? 'text-base' : 'whitespace-nowrap text-lg'} font-bold text-slate-900 tabular-nums sm:text-xl dark:text-white`}
      >
        {formula ? <FormulaLink id={formula}>{value}</FormulaLink> : value}
      </p>
      {hint ? <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">{hint}</p> : null}
    </div>
  );
}

const WEAR_COLOURS = {
  ok: 'bg-emerald-500',
  due: 'bg-amber-500',
  overdue: 'bg-red-600',
  none: 'bg-slate-400',
};

/** Wear as a bar: the share of the service interval used (full past 100 %), coloured by its state. */
export function WearBar({
  pct,
  state,
  label,
}: {
  pct: number | null;
  state: keyof typeof WEAR_COLOURS;
  label: string;
}) {
  const shown = Math.max(0, Math.min(100, pct ?? 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown)}
      data-testid="wear-bar"
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div className={cn('h-full rounded-full', WEAR_COLOURS[state])} style={{ width: `${shown}%` }} />
    </div>
  );
}

export const wearTone = (state: 'ok' | 'due' | 'overdue' | 'none'): Tone =>
  state === 'overdue' ? 'red' : state === 'due' ? 'amber' : state === 'ok' ? 'green' : 'slate';
