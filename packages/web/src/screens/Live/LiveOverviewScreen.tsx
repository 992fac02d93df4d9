import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getOverview } from '../../api/overview';
import { queryKeys } from '../../api/query-keys';
import { Loadable, LoadingCards } from '../../components/Loadable';
import { Alert } from '../../components/ui/Alert';
import { LivePanel } from './LivePanel';
import { MetricCards } from './MetricCards';
import { StartPanel } from './StartPanel';
import { SummaryCards } from './SummaryCards';
import { useLiveRide } from './useLiveRide';

/**
 * /dashboard/responsive, 'Performance Overview' (spec 001 §2.15, issue 15): the rider's latest ride,
 * today and this week from GET /api/dashboard/overview; 'Start Activity' with Bluetooth sensors, or a
 * replay of a stored ride, through one live view. Lazy: Bluetooth and the live code load with this route.
 */
export function LiveOverviewScreen() {
  const { t, i18n } = useTranslation('live');
  const overview = useQuery({
    queryKey: queryKeys.dashboard.overview(i18n.language),
    queryFn: () => getOverview(i18n.language),
    // A language change mid-ride keeps the view (and the Bluetooth connections StartPanel holds)
    // mounted while the overview is fetched again in the new language.
    placeholderData: keepPreviousData,
  });
  const live = overview.data?.live;
  const model = useMemo(
    () => ({ cpW: live?.cp_w ?? 250, wPrimeJ: live?.w_prime_j ?? 20_000 }),
    [live?.cp_w, live?.w_prime_j],
  );
  const ride = useLiveRide(model);

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6" data-testid="live-overview">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
      </header>
      {/* keepDataOnError: a failed refresh mid-ride must not unmount the start panel, which holds
          the Bluetooth connections the ride reads (a network blip would end the ride). */}
      <Loadable
        query={overview}
        loading={
          <LoadingCards
            label={t('loading', { ns: 'common' })}
            count={6}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
            boxClassName="h-24"
          />
        }
        error={{ message: t('loadError'), look: 'refresh', retryLabel: t('retry') }}
        keepDataOnError
      >
        {(data) => (
          <>
            <MetricCards overview={data} ride={ride} />
            {/* Kept mounted during a ride: it holds the Bluetooth connections the ride reads. */}
            <div hidden={ride.status !== 'idle' && ride.session !== undefined}>
              <StartPanel overview={data} ride={ride} />
            </div>
            {ride.status !== 'idle' && ride.session && <LivePanel ride={ride} overview={data} />}
            {!data.latest_ride && <Alert tone="info">{t('empty')}</Alert>}
            <SummaryCards overview={data} />
          </>
        )}
      </Loadable>
    </div>
  );
}
