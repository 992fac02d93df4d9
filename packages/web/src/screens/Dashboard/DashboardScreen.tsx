import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Bike, RefreshCw, Settings, User } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { getDashboard } from '../../api/dashboard';
import { useAuth } from '../../auth/AuthProvider';
import { useStravaConnection } from '../../hooks/useStrava';
import { DashboardNav } from './DashboardNav';
import { DashboardEmpty, DashboardError, DashboardLoading } from './DashboardStates';
import { tabListClass, tabTriggerClass } from '../../components/ui/tabs';
import { OverviewTab } from './OverviewTab';
import { PerformanceTab } from './PerformanceTab';
import { RecentTab } from './RecentTab';
import { StatCards } from './StatCards';
import { ArchiveHint } from './ArchiveHint';
import { MaintenanceDueBanner } from '../../components/bikes/MaintenanceDueBanner';
import { queryKeys } from '../../api/query-keys';

/** The greeting, the dashboards' switch and 'Sync Activities' (spec 000 §2). */
export function DashboardHeader({ title, subtitle }: { title: ReactNode; subtitle: ReactNode }) {
  const { t } = useTranslation('dashboard');
  // Strava when connected (its sync page), otherwise the upload on the activities page (spec 000 §2).
  const strava = useStravaConnection();
  const syncTo = strava.data?.connected ? '/activities/sync' : '/activities';
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1
            data-testid="dashboard-greeting"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
          >
            {title}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{subtitle}</p>
        </div>
        <Link
          to={syncTo}
          data-testid="sync-activities"
          className="inline-flex min-h-10 items-center justify-center gap-2 self-start rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 sm:self-auto"
        >
          <RefreshCw className="h-4 w-4" aria-hidden />
          {t('sync')}
        </Link>
      </div>
      <DashboardNav />
    </div>
  );
}

/** /dashboard: the classic dashboard on the rider's stored rides (spec 000 §2, §3, §8). */
export function DashboardScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const { profile } = useAuth();
  const name = profile?.first_name?.trim() || t('cyclist');
  // Straight from onboarding the rider is new: "Bienvenido", not "Bienvenido de nuevo".
  const newRider = (useLocation().state as { newRider?: boolean } | null)?.newRider === true;
  const dashboard = useQuery({
    queryKey: queryKeys.dashboard.classic(i18n.language),
    queryFn: () => getDashboard(i18n.language),
  });

  // Arriving from the end of onboarding (a long form), start at the top.
  // Braces matter: Chromium's scrollTo now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  const data = dashboard.data;
  return (
    <div className="space-y-6">
      <DashboardHeader title={t(newRider ? 'greetingNew' : 'greeting', { name })} subtitle={t('subtitle')} />
      <MaintenanceDueBanner />
      {dashboard.isPending ? (
        <DashboardLoading />
      ) : dashboard.isError || !data ? (
        <DashboardError onRetry={() => void dashboard.refetch()} error={dashboard.error} />
      ) : !data.has_data ? (
        <>
          <DashboardEmpty />
          <NextSteps />
        </>
      ) : (
        <>
          <ArchiveHint empty={data.weekly_stats.activities === 0 && data.monthly_stats.activities === 0} />
          <StatCards data={data} />
          <Tabs.Root defaultValue="overview">
            <Tabs.List aria-label={t('tabs.label')} className={tabListClass}>
              <Tabs.Trigger value="overview" className={tabTriggerClass}>
                {t('tabs.overview')}
              </Tabs.Trigger>
              <Tabs.Trigger value="performance" className={tabTriggerClass} data-testid="tab-performance">
                {t('tabs.performance')}
              </Tabs.Trigger>
              <Tabs.Trigger value="recent" className={tabTriggerClass} data-testid="tab-recent">
                {t('tabs.recent')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="overview" className="mt-4 focus-visible:outline-none">
              <OverviewTab data={data} />
            </Tabs.Content>
            <Tabs.Content value="performance" className="mt-4 focus-visible:outline-none">
              <PerformanceTab data={data} />
            </Tabs.Content>
            <Tabs.Content value="recent" className="mt-4 focus-visible:outline-none">
              <RecentTab activities={data.recent_activities} />
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </div>
  );
}

function NextSteps() {
  const { t } = useTranslation('dashboard');
  return (
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
