import { Activity, Gauge, HeartPulse, Mountain, RefreshCw, Route, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OverviewData } from '../../api/overview';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';
import type { LiveRide } from './useLiveRide';

const last = (values: readonly number[]) => {
  const v = values.at(-1);
  return v !== undefined && Number.isFinite(v) ? v : null;
};

/** "28.4 km/h": the number large, the unit smaller beside it, so a card's value stays on one line. */
function ValueWithUnit({ text }: { text: string }) {
  const space = text.lastIndexOf(' ');
  if (space < 0) return <>{text}</>;
  return (
    <span className="whitespace-nowrap">
      {text.slice(0, space)}{' '}
      <span className="text-sm font-semibold text-slate-500 dark:text-slate-400">
        {text.slice(space + 1)}
      </span>
    </span>
  );
}

/**
 * The six cards of spec 001 §2.15: live values while a ride or replay runs, the latest ride's
 * averages (distance and climbing in total) otherwise; units follow the rider's choice.
 */
export function MetricCards({ overview, ride }: { overview: OverviewData; ride: LiveRide }) {
  const { t } = useTranslation('live');
  const f = useFormat();
  const session = ride.status === 'idle' ? undefined : ride.session;
  const latest = overview.latest_ride;
  const values = session
    ? {
        power: f.watts(session.power3sW === undefined ? null : Math.round(session.power3sW)),
        heartRate: f.bpm(last(session.heartRateBpm)),
        cadence: f.rpm(last(session.cadenceRpm)),
        speed: f.speed(last(session.speedMps)),
        distance: f.distance(session.totalDistanceM),
        elevation: f.elevation(session.elevationGainM),
      }
    : {
        power: f.watts(latest?.average_power ?? null),
        heartRate: f.bpm(latest?.average_heartrate ?? null),
        cadence: f.rpm(latest?.average_cadence ?? null),
        speed: f.speed(latest?.average_speed ?? null),
        distance: f.distance(latest?.distance ?? null),
        elevation: f.elevation(latest?.total_elevation_gain ?? null),
      };
  const cards = [
    { key: 'power', icon: Zap, color: 'text-amber-500' },
    { key: 'heartRate', icon: HeartPulse, color: 'text-rose-500' },
    { key: 'cadence', icon: RefreshCw, color: 'text-sky-500' },
    { key: 'speed', icon: Gauge, color: 'text-emerald-500' },
    { key: 'distance', icon: Route, color: 'text-violet-500' },
    { key: 'elevation', icon: Mountain, color: 'text-orange-500' },
  ] as const;
  return (
    <section aria-label={t('title')}>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {cards.map(({ key, icon: Icon, color }) => (
          <Card key={key} className="min-w-0 p-4" data-testid={`live-card-${key}`}>
            <p className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
              <Icon className={`h-4 w-4 ${color}`} aria-hidden />
              {t(`cards.${key}`)}
            </p>
            <p
              className="mt-2 text-xl leading-tight font-bold text-slate-900 tabular-nums sm:text-2xl dark:text-white"
              data-testid={`live-card-${key}-value`}
            >
              <ValueWithUnit text={values[key]} />
            </p>
          </Card>
        ))}
      </div>
      <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
        <Activity className="h-3.5 w-3.5" aria-hidden />
        {session
          ? t('cards.live')
          : latest
            ? t('cards.latest', { name: latest.name, date: f.date(latest.start_date) })
            : t('cards.noRide')}
      </p>
    </section>
  );
}
