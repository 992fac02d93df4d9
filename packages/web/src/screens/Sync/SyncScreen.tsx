import { useQuery } from '@tanstack/react-query';
import { CalendarClock, RefreshCw, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getImport, listImports } from '../../api/activities';
import type { ImportDetail } from '../../api/activity-types';
import { useAuth } from '../../auth/AuthProvider';
import { LoadError } from '../../components/Loadable';
import { Button } from '../../components/ui/Button';
import { ActionCard } from '../../components/ui/ActionCard';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { errorMessage } from '../../lib/errors';
import { ImportFileList, importMessage } from '../../components/imports/ImportFileList';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { useFormat } from '../../hooks/useFormat';
import { StravaOutcomeBanner } from '../../components/strava/StravaConnectCard';
import { StravaImportActions, StravaStatusCard } from '../../components/strava/StravaImportSection';
import { DemoProgress } from './DemoProgress';
import { DeleteImport } from './DeleteImport';
import { queryKeys } from '../../api/query-keys';

const POLL_MS = 2000;

/** Spec 001 §2.13 states: idle, importing, processing, completed, error. */
export type SyncState = 'idle' | 'importing' | 'processing' | 'completed' | 'error';

/** The page's state from the latest import: every file failed → error; still running → importing/processing. */
export function syncState(detail: ImportDetail | null | undefined): SyncState {
  if (!detail) return 'idle';
  const c = detail.counts;
  if (detail.status !== 'done')
    return c.processing > 0 || c.done + c.duplicate + c.failed > 0 ? 'processing' : 'importing';
  if (c.total > 0 && c.failed === c.total) return 'error';
  return 'completed';
}

const BADGE: Record<SyncState, string> = {
  idle: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  importing: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  processing: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  error: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
};

function Counter({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-center dark:bg-slate-900/50">
      <p className={cn('text-2xl font-bold tabular-nums', tone)}>{value}</p>
      <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</p>
    </div>
  );
}

/**
 * /sync (spec 001 §2.13), fed by the real import state: the latest import's status, progress, current
 * file, counters, times and errors, re-read every 2 s while it runs; above it the Strava import's
 * sync_status record, and the Strava import actions beside the upload one.
 */
export function SyncScreen() {
  const { t } = useTranslation(['sync', 'activities', 'common']);
  const { user } = useAuth();
  const f = useFormat();

  const latest = useQuery({
    queryKey: queryKeys.imports.latest(user?.id),
    queryFn: () => listImports(1),
    staleTime: 0,
  });
  const latestId = latest.data?.imports[0]?.id ?? null;
  const detail = useQuery({
    queryKey: queryKeys.import(latestId),
    queryFn: () => getImport(latestId!),
    enabled: latestId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'done' ? POLL_MS : false),
  });

  const data = detail.data;
  const state = syncState(data);
  const running = state === 'importing' || state === 'processing';
  const counts = data?.counts;
  const settled = counts ? counts.done + counts.recovered + counts.duplicate + counts.failed : 0;
  const fraction = counts && counts.total > 0 ? settled / counts.total : 0;
  const current =
    data?.files.find((file) => file.status === 'processing') ??
    data?.files.find((file) => file.status === 'queued');
  const failed = data?.files.filter((file) => file.status === 'failed') ?? [];
  const loadError = latest.error ?? detail.error;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => {
            void latest.refetch();
            if (latestId) void detail.refetch();
          }}
        >
          <RefreshCw
            className={cn('h-4 w-4', (latest.isFetching || detail.isFetching) && 'animate-spin')}
            aria-hidden
          />
          {t('refresh')}
        </Button>
      </div>

      <StravaOutcomeBanner />
      <DemoProgress />
      <StravaStatusCard />

      {loadError && (
        <LoadError
          look="alert"
          message={errorMessage(loadError, t)}
          retryLabel={t('retry')}
          onRetry={() => {
            void latest.refetch();
            if (latestId) void detail.refetch();
          }}
        />
      )}

      <Card data-testid="sync-status" data-state={state}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('status.title')}</h2>
          <span
            data-testid="sync-badge"
            className={cn(
              'inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold',
              BADGE[state],
            )}
          >
            {t(`status.${state}`)}
          </span>
        </div>

        {latest.isPending ? (
          <p role="status" className="mt-4 text-slate-500">
            {t('common:loading')}
          </p>
        ) : latest.isError ? null : !latestId ? (
          // Only an answer with no imports says "none": a failed read is the alert above, not a fact.
          <p data-testid="sync-none" className="mt-4 text-slate-600 dark:text-slate-300">
            {t('none')}
          </p>
        ) : !data ? (
          <p role="status" className="mt-4 text-slate-500">
            {t('common:loading')}
          </p>
        ) : (
          <div className="mt-5 space-y-5">
            <div>
              <div className="mb-1.5 flex justify-between text-sm">
                <span className="text-slate-600 dark:text-slate-300">{t('progress')}</span>
                <span data-testid="sync-percent" className="font-semibold tabular-nums">
                  {f.percent(fraction * 100, 0)}
                </span>
              </div>
              <ProgressBar fraction={fraction} label={t('progress')} />
            </div>

            {running && current && (
              <p className="text-sm text-slate-700 dark:text-slate-200">
                <span className="text-slate-500 dark:text-slate-400">{t('current')}: </span>
                <span className="font-medium">{current.name}</span>
              </p>
            )}

            <div className="grid grid-cols-3 gap-3">
              <Counter
                label={t('counters.processed')}
                value={counts ? counts.done + counts.recovered + counts.duplicate : 0}
                tone="text-emerald-700 dark:text-emerald-400"
              />
              <Counter label={t('counters.pending')} value={counts ? counts.queued + counts.processing : 0} />
              <Counter
                label={t('counters.failed')}
                value={counts?.failed ?? 0}
                tone={counts?.failed ? 'text-red-700 dark:text-red-400' : undefined}
              />
            </div>
            {counts && counts.duplicate > 0 && (
              <p className="text-sm text-slate-500">{t('duplicates', { count: counts.duplicate })}</p>
            )}
            {counts && counts.recovered > 0 && (
              <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="sync-recovered">
                {t('recovered', { count: counts.recovered })}
              </p>
            )}

            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div className="flex items-center gap-2">
                <CalendarClock className="h-4 w-4 text-slate-400" aria-hidden />
                <dt className="text-slate-500 dark:text-slate-400">{t('started')}:</dt>
                <dd className="font-medium">{f.dateTime(data.created_at)}</dd>
              </div>
              <div className="flex items-center gap-2">
                <CalendarClock className="h-4 w-4 text-slate-400" aria-hidden />
                <dt className="text-slate-500 dark:text-slate-400">{t('completed')}:</dt>
                <dd className="font-medium">{data.status === 'done' ? f.dateTime(data.updated_at) : '—'}</dd>
              </div>
            </dl>

            {failed.length > 0 && (
              <div
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
              >
                <p className="font-semibold">{t('errors', { count: failed.length })}</p>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {failed.map((file, index) => (
                    <li key={file.id || index}>
                      <span className="font-medium">{file.name}</span>:{' '}
                      {importMessage(file, t) ?? t('unknownError')}
                    </li>
                  ))}
                </ul>
                {data.status === 'done' && <DeleteImport importId={data.id} />}
              </div>
            )}

            <details className="group">
              <summary className="cursor-pointer text-sm font-semibold text-brand-700 dark:text-brand-500">
                {t('files', { count: data.files.length })}
              </summary>
              <div className="mt-2">
                <ImportFileList files={data.files} testIds={false} />
              </div>
            </details>
          </div>
        )}
      </Card>

      <div className="grid gap-4 md:grid-cols-3">
        <ActionCard
          icon={<Upload className="h-5 w-5" aria-hidden />}
          title={t('upload.title')}
          text={t('upload.text')}
          action={
            <Link
              to="/activities"
              data-testid="sync-upload-link"
              className="inline-flex min-h-10 w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t('upload.button')}
            </Link>
          }
        />
        <StravaImportActions />
      </div>
      <p className="text-sm">
        <Link
          to="/activities/sync"
          data-testid="sync-dashboard-link"
          className="font-semibold text-brand-700 underline dark:text-brand-500"
        >
          {t('strava.dashboardLink')}
        </Link>
      </p>
    </div>
  );
}
