import { useTranslation } from 'react-i18next';
import type { Lap } from '../../../api/activity-types';
import { MISSING } from '../../../lib/format';
import { useFormat } from '../../../hooks/useFormat';
import type { RecordedChannels } from '../lapChannels';
import { Section } from '../parts';

/** The ride's laps; a channel the ride did not record reads "—" in every lap (`recordedChannels`). */
export function LapsTable({
  laps,
  channels,
  onSelect,
}: {
  laps: Lap[];
  channels: RecordedChannels;
  onSelect: (lap: Lap) => void;
}) {
  const { t } = useTranslation('activity');
  const f = useFormat();
  if (laps.length < 2) return null;
  const shown = <T,>(recorded: boolean, value: T, format: (v: T) => string) =>
    recorded ? format(value) : MISSING;
  const hasDistance = laps.some((lap) => (lap.distance ?? 0) > 0);
  const hasSpeed = laps.some((lap) => (lap.average_speed ?? 0) > 0);
  return (
    <Section title={t('laps.title')} subtitle={t('laps.subtitle')}>
      <div className="relative -mx-5 overflow-x-auto px-5">
        <table className="w-full min-w-[36rem] text-sm tabular-nums" data-testid="laps-table">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs font-semibold text-slate-500 dark:border-slate-700">
              <th className="py-2 pr-3">#</th>
              <th className="py-2 pr-3">{t('laps.time')}</th>
              {hasDistance && <th className="py-2 pr-3">{t('laps.distance')}</th>}
              {hasSpeed && <th className="py-2 pr-3">{t('laps.speed')}</th>}
              <th className="py-2 pr-3">{t('laps.averagePower')}</th>
              <th className="py-2 pr-3">{t('laps.normalizedPower')}</th>
              <th className="py-2 pr-3">{t('laps.maxPower')}</th>
              <th className="py-2 pr-3">{t('laps.heartrate')}</th>
              <th className="py-2 pr-3">{t('laps.cadence')}</th>
            </tr>
          </thead>
          <tbody>
            {laps.map((lap) => (
              <tr
                key={lap.index}
                onClick={() => onSelect(lap)}
                className="cursor-pointer border-b border-slate-100 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-700/50"
              >
                <td className="py-2 pr-3 font-semibold">
                  <button
                    type="button"
                    className="hover:underline"
                    onClick={() => onSelect(lap)}
                    aria-label={t('laps.select', { index: lap.index + 1 })}
                  >
                    {lap.index + 1}
                  </button>
                </td>
                <td className="py-2 pr-3">{f.clock(lap.elapsed_time ?? lap.moving_time)}</td>
                {hasDistance && <td className="py-2 pr-3">{f.distance(lap.distance)}</td>}
                {hasSpeed && <td className="py-2 pr-3">{f.speed(lap.average_speed)}</td>}
                <td className="py-2 pr-3" data-testid="lap-power">
                  {shown(channels.power, lap.average_power, f.watts)}
                </td>
                <td className="py-2 pr-3">{shown(channels.power, lap.normalized_power, f.watts)}</td>
                <td className="py-2 pr-3">{shown(channels.power, lap.max_power, f.watts)}</td>
                <td className="py-2 pr-3" data-testid="lap-heartrate">
                  {shown(channels.heart, lap.average_heartrate, f.bpm)}
                </td>
                <td className="py-2 pr-3" data-testid="lap-cadence">
                  {shown(channels.cadence, lap.average_cadence, f.rpm)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
