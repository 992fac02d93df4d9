import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Dumbbell, Gauge, Wind } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getNarrative, type NarrativeData } from '../../api/dashboard';
import { useAuth } from '../../auth/AuthProvider';
import { clearNarrativeCache, readNarrative, saveNarrative } from '../../offline/narrativeCache';
import { isConnectionFailure, isOffline } from '../../offline/connectivity';
import { useOnline } from '../../offline/useOnline';
import { useFormat } from '../../hooks/useFormat';
import { CoachSection, NextGoalCard } from './CoachSection';
import { DashboardNav } from './DashboardNav';
import { DashboardEmpty, DashboardError, DashboardLoading } from './DashboardStates';
import { CacheBanner, type DataSource, DataSourceBanner } from './NarrativeBanners';
import { NarrativeMetricCard, useMetricValue } from './NarrativeMetricCard';
import { RiderWeightNote } from '../../components/rider/RiderWeightNote';
import { queryKeys } from '../../api/query-keys';

function QuickStat({
  icon: Icon,
  label,
  value,
  testId,
}: {
  icon: typeof Wind;
  label: string;
  value: string;
  testId: string;
}) {
  return (
    <div className="min-w-0 rounded-lg bg-white/10 p-3">
      <p className="flex items-center gap-1.5 text-xs font-medium text-white/80">
        <Icon className="h-3.5 w-3.5" aria-hidden />
        {label}
      </p>
      <p
        className="mt-1 text-base leading-tight font-bold break-words tabular-nums sm:text-xl"
        data-testid={testId}
      >
        {value}
      </p>
    </div>
  );
}

function Hero({ data }: { data: NarrativeData }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const valueText = useMetricValue();
  const power = data.metrics.find((m) => m.type === 'power');
  const strength = data.hero.strength;
  const headline = power?.trend ? `narrative.hero.headline.${power.trend}` : 'narrative.hero.headline.none';
  return (
    <section
      className="rounded-2xl bg-gradient-to-br from-slate-900 to-brand-700 p-5 text-white shadow sm:p-6"
      data-testid="narrative-hero"
    >
      <p className="text-sm text-white/80">{t('narrative.hero.kicker', { count: data.rides_in_period })}</p>
      <p className="mt-1 text-lg font-semibold sm:text-xl">
        {t(headline, { change: f.number(Math.abs(power?.change_pct ?? 0), 1) })}
      </p>
      <div className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
        <QuickStat
          icon={Dumbbell}
          label={t('narrative.hero.strength')}
          testId="hero-strength"
          value={
            strength.w_per_kg === null ? f.watts(strength.ftp_w) : `${f.number(strength.w_per_kg, 2)} W/kg`
          }
        />
        <QuickStat
          icon={Wind}
          label={t('narrative.hero.aero')}
          testId="hero-aero"
          value={
            data.hero.aero.value === null
              ? t('narrative.noDataShort')
              : valueText(data.hero.aero.measure, data.hero.aero.value)
          }
        />
        <QuickStat
          icon={Gauge}
          label={t('narrative.hero.technique')}
          testId="hero-technique"
          value={valueText(data.hero.technique.measure, data.hero.technique.value)}
        />
      </div>
      <p className="mt-3 text-xs text-white/70">
        {t(`narrative.hero.ftpSource.${strength.ftp_source}`, {
          ftp: f.watts(strength.ftp_w),
          date: f.date(strength.ftp_from),
        })}
      </p>
      <RiderWeightNote weight={data.weight ?? null} className="mt-1 text-xs text-white/70" />
    </section>
  );
}

/** /dashboard/narrative, 'Tu Progreso' (spec 000 §2, §3, §4, §8, §9), readable offline from its cache. */
export function NarrativeScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const { user } = useAuth();
  const userId = user?.id ?? 'anonymous';
  const browserOnline = useOnline();
  const [cacheTick, setCacheTick] = useState(0);
  const narrative = useQuery({
    queryKey: queryKeys.dashboard.narrative(i18n.language),
    queryFn: () => getNarrative(i18n.language),
    // Offline the call must fail (and fall back to the cache) rather than wait for the network.
    networkMode: 'always',
    // A call that got no answer is not retried: the page shows the saved narrative at once.
    retry: (failures, error) => browserOnline && !isConnectionFailure(error) && failures < 1,
  });
  // Offline is the browser's word or a call that got no answer; a server's error answer is not.
  const online = !isOffline(browserOnline, narrative.isError ? narrative.error : null);
  const { refetch } = narrative;

  // Back online (the browser's `online` event): ask again, whatever navigator.onLine said before.
  useEffect(() => {
    const again = () => void refetch();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [refetch]);

  useEffect(() => {
    if (!narrative.data) return;
    saveNarrative(userId, narrative.data, narrative.dataUpdatedAt);
    setCacheTick((n) => n + 1);
  }, [narrative.data, narrative.dataUpdatedAt, userId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read after every save or clear
  const cached = useMemo(() => readNarrative<NarrativeData>(userId, Date.now()), [userId, cacheTick]);
  const live = narrative.isError ? undefined : narrative.data;
  const data = live ?? (narrative.isError || !online ? cached.entry?.data : undefined);
  const fromCache = live === undefined && data !== undefined;

  const source: DataSource | null = !data
    ? null
    : narrative.isError && online
      ? 'error'
      : data.syncing
        ? 'syncing'
        : data.data_source === 'demo'
          ? 'demo'
          : 'real';

  return (
    <div className="space-y-5">
      <div className="space-y-4">
        <div className="flex items-start gap-3">
          <Link
            to="/dashboard"
            aria-label={t('narrative.back')}
            data-testid="narrative-back"
            className="mt-1 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-white text-slate-700 hover:border-brand-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
          </Link>
          <div className="min-w-0">
            <h1
              className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
              data-testid="narrative-title"
            >
              {t('narrative.title')}
            </h1>
            <p className="mt-1 text-slate-600 dark:text-slate-300">{t('narrative.subtitle')}</p>
          </div>
        </div>
        <DashboardNav />
      </div>

      <CacheBanner
        offline={!online}
        status={fromCache ? cached.status : 'fresh'}
        savedAt={cached.entry?.timestamp ?? null}
        onRetry={() => void narrative.refetch()}
        onClear={() => {
          clearNarrativeCache();
          setCacheTick((n) => n + 1);
        }}
      />
      {source && <DataSourceBanner source={source} />}

      {!data ? (
        narrative.isPending && online ? (
          <DashboardLoading />
        ) : (
          <DashboardError onRetry={() => void narrative.refetch()} error={narrative.error} />
        )
      ) : data.data_source === 'none' ? (
        <DashboardEmpty />
      ) : (
        <>
          <Hero data={data} />
          <section aria-label={t('narrative.metricsLabel')} className="grid gap-3 lg:grid-cols-2">
            {data.metrics.map((m) => (
              <NarrativeMetricCard key={m.type} metric={m} />
            ))}
          </section>
          <CoachSection recommendations={data.recommendations} />
          <NextGoalCard goal={data.next_goal} />
        </>
      )}
    </div>
  );
}
