import { useTranslation } from 'react-i18next';
import type { ActivityAnalysis, HeartRateZone, PowerZone } from '../../../api/activity-types';
import type { Formatter } from '../../../lib/format';
import { useFormat } from '../../../hooks/useFormat';
import { Missing, Section } from '../parts';

function zoneName(
  t: (key: string, options?: Record<string, unknown>) => string,
  kind: 'power' | 'heart',
  zone: number,
  nameKey?: string,
) {
  const fallback = `Z${zone}`;
  if (!nameKey) return t(`zones.${kind}.z${zone}`, { defaultValue: fallback });
  const key = nameKey.includes('.') ? nameKey : `zones.${kind}.${nameKey}`;
  return t(key, { defaultValue: fallback });
}

const POWER_COLORS = ['#94a3b8', '#3b82f6', '#22c55e', '#eab308', '#f97316', '#ef4444', '#a855f7'];

const HEART_COLORS = ['#94a3b8', '#3b82f6', '#22c55e', '#f97316', '#ef4444'];

function ZoneBars({
  rows,
  colors,
}: {
  rows: { zone: number; name: string; range: string; timeS: number }[];
  colors: string[];
}) {
  const f = useFormat();
  const total = rows.reduce((sum, row) => sum + row.timeS, 0);
  return (
    <ul className="space-y-2">
      {rows.map((row) => {
        const pct = total > 0 ? (row.timeS / total) * 100 : 0;
        return (
          <li
            key={row.zone}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:grid sm:grid-cols-[minmax(0,14rem)_1fr_auto]"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-800 dark:text-slate-100">
                Z{row.zone} · {row.name}
              </p>
              <p className="truncate text-xs text-slate-500">{row.range}</p>
            </div>
            <div className="order-last h-3 w-full overflow-hidden rounded-full bg-slate-100 sm:order-none dark:bg-slate-700">
              <div
                className="h-full rounded-full"
                style={{ width: `${pct}%`, background: colors[row.zone - 1] ?? '#64748b' }}
              />
            </div>
            <span className="text-right text-slate-700 tabular-nums sm:w-28 dark:text-slate-200">
              {f.clock(row.timeS)} · {f.number(pct, 0)} %
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** A zone's bounds; the server sends null for a bound it could not compute (never for real zones). */
function rangeText(f: Formatter, min: number | null, max: number | null, unit: string) {
  if (min == null) return max == null ? '' : `< ${f.number(max)} ${unit}`;
  return max == null ? `> ${f.number(min)} ${unit}` : `${f.number(min)}–${f.number(max)} ${unit}`;
}

export function ZonesSection({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  const power: PowerZone[] = analysis.zones?.power ?? [];
  const heart: HeartRateZone[] = analysis.zones?.heart_rate ?? [];
  const hasPower = power.some((z) => z.time_s > 0);
  const hasHeart = heart.some((z) => z.time_s > 0);
  return (
    <Section title={t('zones.title')}>
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t('zones.powerTitle')}
          </h3>
          {hasPower ? (
            <ZoneBars
              colors={POWER_COLORS}
              rows={power.map((z) => ({
                zone: z.zone,
                name: zoneName(t, 'power', z.zone, z.name_key),
                range: rangeText(f, z.min_w, z.max_w, 'W'),
                timeS: z.time_s,
              }))}
            />
          ) : (
            <Missing>{t('zones.noPower')}</Missing>
          )}
        </div>
        <div>
          <h3 className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t('zones.heartTitle')}
          </h3>
          {hasHeart ? (
            <ZoneBars
              colors={HEART_COLORS}
              rows={heart.map((z) => ({
                zone: z.zone,
                name: zoneName(t, 'heart', z.zone, z.name_key),
                range: rangeText(f, z.min_bpm, z.max_bpm, f.bpmUnit),
                timeS: z.time_s,
              }))}
            />
          ) : (
            <Missing>{t('zones.noHeart')}</Missing>
          )}
        </div>
      </div>
    </Section>
  );
}
