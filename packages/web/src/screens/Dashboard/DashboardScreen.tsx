import {
  Activity,
  Bike,
  ChartNoAxesCombined,
  Clock,
  Gauge,
  RefreshCw,
  Settings,
  User,
  Zap,
} from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DemoActions } from './DemoActions';

const STAT_CARDS = [
  { key: 'thisWeek', icon: Activity },
  { key: 'avgPower', icon: Zap },
  { key: 'trainingTime', icon: Clock },
  { key: 'trainingStress', icon: Gauge },
] as const;

/**
 * /dashboard until the dashboards feature lands: the greeting, the 'Sync Activities' button
 * (not available yet, so disabled and saying so) and the spec's no-data state (000 §2, §8).
 */
export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const { profile } = useAuth();
  const syncNoteId = useId();
  const name = profile?.first_name?.trim() || t('cyclist');

  // Arriving from the end of onboarding (a long form), start at the top.
  useEffect(() => window.scrollTo(0, 0), []);

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1
            data-testid="dashboard-greeting"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
          >
            {t('greeting', { name })}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Button disabled aria-describedby={syncNoteId} data-testid="sync-activities">
            <RefreshCw className="h-4 w-4" aria-hidden />
            {t('sync')}
          </Button>
          <p id={syncNoteId} className="text-xs text-slate-500 dark:text-slate-400">
            {t('syncSoon')}
          </p>
        </div>
      </div>

      <section aria-label={t('statsLabel')} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {STAT_CARDS.map(({ key, icon: Icon }) => (
          <Card key={key} className="p-4 sm:p-5">
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{t(`stats.${key}`)}</p>
              <Icon className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            </div>
            <p className="mt-2 text-2xl font-bold text-slate-300 dark:text-slate-600">
              <span aria-hidden>—</span>
              <span className="sr-only">{t('noValue')}</span>
            </p>
          </Card>
        ))}
      </section>

      <Card className="flex flex-col items-center px-6 py-12 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-slate-700">
          <ChartNoAxesCombined className="h-7 w-7" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{t('empty.title')}</h2>
        <p data-testid="dashboard-empty" className="mt-2 max-w-md text-slate-600 dark:text-slate-300">
          {t('empty.message')}
        </p>
        <DemoActions />
      </Card>

      <section aria-labelledby="dashboard-next-steps">
        <h2 id="dashboard-next-steps" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
          {t('next.title')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <NextStep to="/profile#bikes" icon={Bike} title={t('next.bikes')} text={t('next.bikesText')} />
          <NextStep to="/profile" icon={User} title={t('next.profile')} text={t('next.profileText')} />
          <NextStep to="/settings" icon={Settings} title={t('next.settings')} text={t('next.settingsText')} />
        </div>
      </section>
    </div>
  );
}

function NextStep({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: string;
  icon: typeof Bike;
  title: string;
  text: string;
}) {
  return (
    <Link
      to={to}
      className="group rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-800"
    >
      <Icon className="h-5 w-5 text-brand-600" aria-hidden />
      <p className="mt-3 font-semibold text-slate-900 group-hover:text-brand-700 dark:text-white">{title}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
    </Link>
  );
}
