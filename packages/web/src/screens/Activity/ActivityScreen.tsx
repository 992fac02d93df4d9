import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RideBikeSelect } from '../../components/bikes/RideBikeSelect';
import { Link, useParams } from 'react-router';
import {
  getActivity,
  getActivityAnalysis,
  getActivityStreams,
  reanalyzeActivity,
} from '../../api/activities';
import { ApiError } from '../../api/client';
import { useClientConfig } from '../../api/client-config';
import { RouteMap } from '../../components/charts/RouteMap';
import type { TimeRange } from '../../components/charts/StreamChart';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/errors';
import { NoPowerBadge, TypeBadge } from '../../components/activities/ActivityBadges';
import { recordedChannels } from './lapChannels';
import { useFormat } from '../../hooks/useFormat';
import { Missing, Pending, Section } from './parts';
import { Loadable, LoadError } from '../../components/Loadable';
import { indexAtTime, toActivityStreams } from './rideStreams';
import { AeroSection } from './sections/AeroSection';
import { ClimbList } from './sections/ClimbList';
import { DecouplingSection } from './sections/DecouplingSection';
import { LapsTable } from './sections/LapsTable';
import { PedalingSection } from './sections/PedalingSection';
import { PowerCurveSection } from './sections/PowerCurveSection';
import { SummaryTiles } from './sections/SummaryTiles';
import { WPrimeSection } from './sections/WPrimeSection';
import { ZonesSection } from './sections/ZonesSection';
import { StreamsSection } from './StreamsSection';
import { FtpEstimatesSection } from './FtpEstimatesSection';
import { PlanComplianceSection } from './PlanComplianceSection';
import { queryKeys } from '../../api/query-keys';

function scrollToChart() {
  document
    .querySelector('[data-testid="stream-chart"]')
    ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

/**
 * /activities/:id, the ride page: summary, the full-resolution streams with zoom and a selection
 * readout, climbs, the route, the power curve against the rider's best, the ride's FTP estimates,
 * zones, laps, W′ balance, decoupling, aero and pedalling. Each part hides itself, or says why, when the ride lacks the data.
 */
export function ActivityScreen() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['activity', 'activities', 'common']);
  const f = useFormat();
  const queryClient = useQueryClient();
  const clientConfig = useClientConfig();
  const [range, setRangeState] = useState<TimeRange | null>(null);
  const setRange = (next: TimeRange | null) =>
    setRangeState((previous) =>
      previous === next || (previous && next && previous.min === next.min && previous.max === next.max)
        ? previous
        : next,
    );

  const activity = useQuery({ queryKey: queryKeys.activity.detail(id), queryFn: () => getActivity(id) });
  const analysis = useQuery({
    queryKey: queryKeys.activity.analysis(id),
    queryFn: () => getActivityAnalysis(id),
    enabled: activity.isSuccess,
  });
  const streamsJson = useQuery({
    queryKey: queryKeys.activity.streams(id),
    queryFn: () => getActivityStreams(id),
    enabled: activity.isSuccess && activity.data.has_streams !== false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const streams = useMemo(
    () => (streamsJson.data ? toActivityStreams(streamsJson.data) : null),
    [streamsJson.data],
  );

  const reanalyze = useMutation({
    mutationFn: () => reanalyzeActivity(id),
    onSuccess: () => {
      // The analysis runs in the background: read it again a little later.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.activity.detail(id) }), 3000);
    },
  });

  const highlight = useMemo(() => {
    if (!range || !streamsJson.data) return null;
    const time = streamsJson.data.time;
    return { from: indexAtTime(time, range.min), to: indexAtTime(time, range.max + 1) };
  }, [range, streamsJson.data]);

  if (activity.isPending) {
    return (
      <p role="status" className="py-16 text-center text-slate-500">
        {t('loading')}
      </p>
    );
  }
  if (activity.isError) {
    const notFound = activity.error instanceof ApiError && activity.error.status === 404;
    return (
      <div className="mx-auto max-w-xl space-y-4 py-10">
        {notFound ? (
          <Alert>{t('notFound')}</Alert>
        ) : (
          <LoadError
            look="alert"
            message={t('loadFailed', { reason: errorMessage(activity.error, t) })}
            onRetry={() => void activity.refetch()}
          />
        )}
        <Link
          to="/activities"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {t('back')}
        </Link>
      </div>
    );
  }

  const ride = activity.data;
  const data = analysis.data;
  const laps = data?.laps?.length ? data.laps : (ride.laps ?? []);
  const latlng = streamsJson.data?.latlng ?? null;
  const noPower = ride.average_power === null && ride.normalized_power === null;
  const rideTotals = { elapsedTimeS: ride.elapsed_time, averageSpeedMps: ride.average_speed };

  return (
    <div className="space-y-6" data-testid="ride-page">
      <div>
        <Link
          to="/activities"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {t('back')}
        </Link>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
              {ride.name}
            </h1>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <span>{f.longDate(ride.start_date)}</span>
              <TypeBadge type={ride.type} />
              {noPower && <NoPowerBadge />}
              {ride.device_name && <span className="text-slate-500">· {ride.device_name}</span>}
              <RideBikeSelect activityId={ride.id} bikeId={ride.bike_id} />
            </div>
          </div>
          <Button variant="secondary" onClick={() => reanalyze.mutate()} loading={reanalyze.isPending}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            {t('reanalyze')}
          </Button>
        </div>
        {reanalyze.isSuccess && (
          <div className="mt-3">
            <Alert tone="info">{t('reanalyzeQueued')}</Alert>
          </div>
        )}
        {reanalyze.isError && (
          <div className="mt-3">
            <Alert>{errorMessage(reanalyze.error, t)}</Alert>
          </div>
        )}
      </div>

      <SummaryTiles activity={ride} analysis={data} />

      {ride.plan_compliance && <PlanComplianceSection compliance={ride.plan_compliance} />}

      {ride.has_streams === false ? (
        <Section title={t('streams.title')}>
          <Missing>{t('streams.none')}</Missing>
        </Section>
      ) : (
        <Loadable
          query={streamsJson}
          loading={
            <Section title={t('streams.title')}>
              <Pending />
            </Section>
          }
          error={{
            message: (error) => t('streams.failed', { reason: errorMessage(error, t) }),
            look: 'alert',
          }}
        >
          {(json) =>
            streams && (
              <StreamsSection
                json={json}
                streams={streams}
                ride={rideTotals}
                range={range}
                onRangeChange={setRange}
              />
            )
          }
        </Loadable>
      )}

      {/* The analysis's loading and failure; the sections below show its answer, each its part. */}
      <Loadable
        query={analysis}
        loading={
          <Section title={t('analysisTitle')}>
            <Pending />
          </Section>
        }
        error={{
          message: (error) => t('analysisFailed', { reason: errorMessage(error, t) }),
          look: 'alert',
        }}
      >
        {() => null}
      </Loadable>

      {data && (
        <ClimbList
          climbs={data.climbs ?? []}
          selected={range}
          onSelect={(climb) => {
            setRange({ min: climb.start_s, max: climb.end_s });
            scrollToChart();
          }}
        />
      )}

      <div className="grid items-start gap-6 lg:grid-cols-2">
        {latlng?.some(Boolean) ? (
          <Section title={t('map.title')} subtitle={range ? t('map.selection') : t('map.subtitle')}>
            <RouteMap
              latlng={latlng}
              highlight={highlight}
              label={t('map.label', { name: ride.name })}
              tiles={clientConfig?.map}
            />
          </Section>
        ) : (
          streamsJson.isSuccess && (
            <Section title={t('map.title')}>
              <Missing>{t('map.none')}</Missing>
            </Section>
          )
        )}
        {data && <PowerCurveSection analysis={data} />}
      </div>

      {data && <FtpEstimatesSection analysis={data} noPower={noPower} />}

      {data && <ZonesSection analysis={data} />}

      <LapsTable
        laps={laps}
        channels={recordedChannels(ride, laps)}
        onSelect={(lap) => {
          const duration = lap.elapsed_time ?? lap.moving_time ?? 0;
          if (duration > 0) setRange({ min: lap.start_offset_s, max: lap.start_offset_s + duration });
          scrollToChart();
        }}
      />

      {data && <WPrimeSection analysis={data} />}

      {data && (
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <DecouplingSection analysis={data} />
          <AeroSection analysis={data} />
          <PedalingSection analysis={data} />
        </div>
      )}
    </div>
  );
}
