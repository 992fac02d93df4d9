import type { SegmentCompareResponse, SegmentEffort } from '@vatio/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../hooks/useFormat';
import { formatSegmentTime } from './segmentFormat';

export const COLOR_A = '#2563eb';
export const COLOR_B = '#ea580c';

const CELL = 'py-1 pr-2 tabular-nums';

/** A difference with its sign (+ when B has more), in a formatter's unit. */
function signed(value: number | null, format: (v: number) => string): string {
  if (value === null) return '—';
  const text = format(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** The columns both tables share: the row's name, effort A, effort B, and B − A. */
function CompareHead() {
  const { t } = useTranslation('analytics');
  return (
    <thead>
      <tr className="text-left text-xs uppercase text-slate-500 dark:text-slate-400">
        <th className="py-1 pr-2" />
        <th className="py-1 pr-2" style={{ color: COLOR_A }}>
          {t('segments.effortA')}
        </th>
        <th className="py-1 pr-2" style={{ color: COLOR_B }}>
          {t('segments.effortB')}
        </th>
        <th className="py-1 pr-2">{t('segments.difference')}</th>
      </tr>
    </thead>
  );
}

/** One row: a name, A's and B's values, and their signed difference. */
function CompareRow({
  label,
  a,
  b,
  difference,
}: {
  label: string;
  a: string;
  b: string;
  difference: string;
}) {
  return (
    <tr>
      <td className="py-1 pr-2 text-slate-500">{label}</td>
      <td className={CELL}>{a}</td>
      <td className={CELL}>{b}</td>
      <td className={CELL}>{difference}</td>
    </tr>
  );
}

/** Time, average power and average speed of the two efforts over the whole segment. */
export function CompareSummaryTable({
  a,
  b,
  lengthM,
}: {
  a: SegmentEffort;
  b: SegmentEffort;
  lengthM: number;
}) {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  const avgSpeed = (e: SegmentEffort) => lengthM / e.elapsed_s;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="compare-table">
        <CompareHead />
        <tbody className="text-slate-800 dark:text-slate-100">
          <CompareRow
            label={t('segments.time')}
            a={formatSegmentTime(a.elapsed_s)}
            b={formatSegmentTime(b.elapsed_s)}
            difference={signed(b.elapsed_s - a.elapsed_s, (v) => `${f.number(v, 1)} s`)}
          />
          <CompareRow
            label={t('segments.chartPower')}
            a={f.watts(a.average_power_w)}
            b={f.watts(b.average_power_w)}
            difference={signed(
              a.average_power_w === null || b.average_power_w === null
                ? null
                : b.average_power_w - a.average_power_w,
              (v) => f.watts(v),
            )}
          />
          <CompareRow
            label={t('segments.speed')}
            a={f.speed(avgSpeed(a))}
            b={f.speed(avgSpeed(b))}
            difference={signed(avgSpeed(b) - avgSpeed(a), (v) => f.speed(v))}
          />
        </tbody>
      </table>
    </div>
  );
}

/** The same three figures for each section of the segment (the server's split by grade). */
export function CompareSectionsTable({ sections }: { sections: SegmentCompareResponse['sections'] }) {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
        {t('segments.sectionsTitle')}
      </h4>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="compare-sections">
          <CompareHead />
          {sections.map((s, j) => {
            const [x, y] = s.efforts;
            return (
              <tbody
                key={s.from_m}
                className="text-slate-800 dark:text-slate-100"
                data-testid="compare-section"
              >
                <tr>
                  <th
                    colSpan={4}
                    scope="rowgroup"
                    className="pt-3 pb-1 text-left text-xs font-semibold text-slate-600 dark:text-slate-300"
                  >
                    {t('segments.sectionHeading', {
                      n: j + 1,
                      from: f.distance(s.from_m),
                      to: f.distance(s.to_m),
                      grade: f.number(s.grade_pct, 1),
                    })}
                  </th>
                </tr>
                <CompareRow
                  label={t('segments.time')}
                  a={x!.time_s === null ? '—' : formatSegmentTime(x!.time_s)}
                  b={y!.time_s === null ? '—' : formatSegmentTime(y!.time_s)}
                  difference={signed(s.difference.time_s, (v) => `${f.number(v, 1)} s`)}
                />
                <CompareRow
                  label={t('segments.chartPower')}
                  a={f.watts(x!.power_w)}
                  b={f.watts(y!.power_w)}
                  difference={signed(s.difference.power_w, (v) => f.watts(v))}
                />
                <CompareRow
                  label={t('segments.speed')}
                  a={f.speed(x!.speed_mps)}
                  b={f.speed(y!.speed_mps)}
                  difference={signed(s.difference.speed_mps, (v) => f.speed(v))}
                />
              </tbody>
            );
          })}
        </table>
      </div>
    </div>
  );
}
