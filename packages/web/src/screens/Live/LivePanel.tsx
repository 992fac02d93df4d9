import { Pause, Play, Radio, Square } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type uPlot from 'uplot';
import type { OverviewData } from '../../api/overview';
import { UPlotChart } from '../../components/charts/UPlotChart';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { useFormat } from '../../hooks/useFormat';
import { useImportUpload } from '../../hooks/useImportUpload';
import { errorMessage } from '../../lib/errors';
import { liveRideFit } from './fitExport';
import { zoneOf } from './liveSession';
import { WorkoutPanel } from './WorkoutPanel';
import type { LiveRide } from './useLiveRide';

/** Seconds of the live trace: the last ten minutes. */
const TRACE_S = 600;

function PowerTrace({ ride, wPrimeJ }: { ride: LiveRide; wPrimeJ: number }) {
  const { t } = useTranslation('live');
  const session = ride.session!;
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false }, wbal: { range: [0, 100] } },
      axes: [
        {
          values: (_u, splits) =>
            splits.map((s) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`),
        },
        { label: 'W' },
        { scale: 'wbal', side: 1, label: '%', grid: { show: false } },
      ],
      series: [
        {},
        {
          label: t('cards.power'),
          stroke: '#f59e0b',
          width: 1.5,
          fill: 'rgba(245,158,11,0.15)',
          points: { show: false },
        },
        {
          label: t('session.traceWPrime'),
          scale: 'wbal',
          stroke: '#7c3aed',
          width: 1.5,
          points: { show: false },
        },
      ],
    }),
    [t],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session's arrays grow in place; tick says when
  const data = useMemo<uPlot.AlignedData>(() => {
    const from = Math.max(0, session.elapsedS - TRACE_S);
    const n = session.elapsedS - from;
    const x = Array.from({ length: n }, (_, k) => from + k);
    const power = session.powerW.slice(from).map((p) => (Number.isFinite(p) ? p : null));
    const wbal = session.wPrimeBalanceJ
      .slice(from)
      .map((j) => (Number.isFinite(j) ? (j / wPrimeJ) * 100 : null));
    return [x, power, wbal];
  }, [ride.tick, session, wPrimeJ]);
  return (
    <div data-testid="live-trace">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('session.trace')}</h3>
        <span className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
          <span className="h-0.5 w-4 bg-amber-500" aria-hidden />
          {t('cards.power')} (W)
        </span>
        <span className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
          <span className="h-0.5 w-4 bg-violet-600" aria-hidden />
          {t('session.traceWPrime')} (%)
        </span>
      </div>
      <UPlotChart className="mt-2 w-full [&_.u-legend]:text-xs" options={options} data={data} height={200} />
    </div>
  );
}

/** Writes the FIT file, uploads it through the import, and follows it to the stored ride. */
function SaveRide({ ride, onDone }: { ride: LiveRide; onDone: () => void }) {
  const { t } = useTranslation('live');
  const tracker = useImportUpload();
  const [error, setError] = useState<unknown>();
  const session = ride.session!;
  const fileName = useMemo(
    () => `vatio-live-${(ride.startedAt ?? new Date()).toISOString().replace(/[:.]/g, '-')}.fit`,
    [ride.startedAt],
  );

  // Finish means save: the file is written and uploaded once, as soon as the ride has ended.
  const begun = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per finished ride
  useEffect(() => {
    if (begun.current || session.movingS === 0) return;
    begun.current = true;
    const run = ride.source?.workout;
    const workout = run && {
      name: run.plan.name,
      ref: `${run.plan.ref.source}:${run.plan.ref.id}`,
      stepStartsElapsedS: run.stepStartsElapsedS,
    };
    liveRideFit(session, ride.startedAt ?? new Date(), workout)
      .then((bytes) =>
        tracker.upload([new File([bytes as BlobPart], fileName, { type: 'application/octet-stream' })]),
      )
      .catch(setError);
  }, []);

  const file = tracker.files.find((f) => f.name === fileName);
  const uploadError = error ?? tracker.uploadError;
  if (session.movingS === 0)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Alert tone="info">{t('session.tooShort')}</Alert>
        <Button variant="secondary" onClick={onDone}>
          {t('session.discard')}
        </Button>
      </div>
    );
  if (uploadError) return <Alert>{t('session.failed', { message: errorMessage(uploadError, t) })}</Alert>;
  if (!file || file.status === 'queued' || file.status === 'processing')
    return (
      <div className="space-y-2" data-testid="live-saving">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {tracker.uploading ? t('session.saving') : t('session.importing')}
        </p>
        <ProgressBar fraction={tracker.uploading ? tracker.uploadFraction : 1} label={t('session.saving')} />
      </div>
    );
  if (file.status === 'failed')
    return <Alert>{t('session.failed', { message: file.message ?? file.message_code ?? '' })}</Alert>;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="live-saved">
      <Alert tone="success">
        {file.status === 'duplicate' ? t('session.duplicate') : t('session.saved')}
        {ride.source?.workout && ` ${t('workout.savedAs', { name: ride.source.workout.plan.name })}`}
      </Alert>
      {file.activity_id && (
        <Link
          to={`/activities/${file.activity_id}`}
          className="text-sm font-semibold text-brand-600 hover:underline"
          data-testid="live-saved-link"
        >
          {t('session.open')}
        </Link>
      )}
    </div>
  );
}

/** The running ride or replay: banner, controls, W′ balance, power zone and the power trace. */
export function LivePanel({ ride, overview }: { ride: LiveRide; overview: OverviewData }) {
  const { t } = useTranslation(['live', 'activity']);
  const f = useFormat();
  const session = ride.session!;
  const source = ride.source!;
  const replay = source.kind === 'replay';
  const balanceJ = session.currentWPrimeBalanceJ;
  const correction = session.wPrimeCorrection;
  const zone = zoneOf(session.power3sW, overview.live.zones);
  const zoneInfo = overview.live.zones.find((z) => z.zone === zone);
  const model = overview.live;

  return (
    <Card className="space-y-4 p-4 sm:p-5" data-testid="live-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2" data-testid="live-banner">
          <Radio
            className={`h-5 w-5 shrink-0 ${ride.status === 'running' ? 'animate-pulse text-red-600' : 'text-slate-400'}`}
            aria-hidden
          />
          <p className="min-w-0 font-semibold text-slate-900 dark:text-white">
            {replay
              ? t('session.replayBanner', { name: source.name, speed: ride.speed })
              : t('session.liveBanner')}
            {ride.status === 'paused' && (
              <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">
                {t('session.paused')}
              </span>
            )}
          </p>
          <span className="text-sm text-slate-500 tabular-nums" data-testid="live-elapsed">
            {f.clock(session.elapsedS)}
          </span>
        </div>
        {(ride.status === 'running' || ride.status === 'paused') && (
          <div className="flex flex-wrap gap-2">
            {ride.status === 'running' ? (
              <Button variant="secondary" onClick={ride.pause} data-testid="live-pause">
                <Pause className="h-4 w-4" aria-hidden />
                {t('session.pause')}
              </Button>
            ) : (
              <Button variant="secondary" onClick={ride.resume} data-testid="live-resume">
                <Play className="h-4 w-4" aria-hidden />
                {t('session.resume')}
              </Button>
            )}
            <Button variant={replay ? 'secondary' : 'danger'} onClick={ride.end} data-testid="live-finish">
              <Square className="h-4 w-4" aria-hidden />
              {replay ? t('session.stop') : t('session.finish')}
            </Button>
          </div>
        )}
      </div>

      {source.workout && (
        <WorkoutPanel run={source.workout} power3sW={session.power3sW} zones={overview.live.zones} />
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900/40" data-testid="live-wprime">
          <p className="text-xs font-medium text-slate-500">{t('session.wPrime')}</p>
          <p className="mt-1 text-xl font-bold text-slate-900 tabular-nums dark:text-white">
            {balanceJ === undefined ? (
              <span data-testid="live-wprime-none">—</span>
            ) : (
              <>
                {f.kilojoules(balanceJ / 1000)}{' '}
                <span className="text-sm font-medium text-slate-500">
                  ({f.percent((balanceJ / session.wPrimeJ) * 100, 0)})
                </span>
              </>
            )}
          </p>
          <div className="mt-2">
            <ProgressBar fraction={(balanceJ ?? 0) / session.wPrimeJ} label={t('session.wPrime')} />
          </div>
          <p className="mt-2 text-xs text-slate-500">
            {t(`session.wPrimeModel.${model.model_source}`, {
              cp: f.watts(model.cp_w),
              wPrime: f.number(model.w_prime_j / 1000, 1),
            })}
          </p>
          {correction && correction.status !== 'fitted' && (
            <p
              className="mt-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
              data-testid="live-wprime-correction"
              data-status={correction.status}
            >
              {t(`session.wPrimeCorrection.${correction.status}`, {
                cp: f.watts(correction.cpW),
                wPrime: f.number(correction.wPrimeJ / 1000, 1),
              })}
            </p>
          )}
        </div>
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900/40" data-testid="live-zone">
          <p className="text-xs font-medium text-slate-500">{t('session.zone')}</p>
          <p className="mt-1 flex items-center gap-2 text-xl font-bold text-slate-900 dark:text-white">
            {zoneInfo && (
              <span
                className="h-3 w-3 shrink-0 rounded-full"
                style={{ background: zoneInfo.color }}
                aria-hidden
              />
            )}
            {zoneInfo
              ? t('session.zoneValue', {
                  zone: zoneInfo.zone,
                  name: t(`zones.power.${zoneInfo.name_key}`, { ns: 'activity' }),
                })
              : t('session.noZone')}
          </p>
          <p className="mt-2 text-xs text-slate-500">FTP {f.watts(model.ftp_w)}</p>
        </div>
      </div>

      <PowerTrace ride={ride} wPrimeJ={session.wPrimeJ} />

      {ride.status === 'ended' &&
        (replay ? (
          <div className="flex flex-wrap items-center gap-3">
            <Alert tone="info">{t('session.replayDone')}</Alert>
            <Button variant="secondary" onClick={ride.reset}>
              {t('session.discard')}
            </Button>
          </div>
        ) : (
          <SaveRide ride={ride} onDone={ride.reset} />
        ))}
    </Card>
  );
}
