import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bike, CalendarClock, Link2, PauseCircle, RefreshCw } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SyncState, type SyncStatus, startStravaSync } from '../../api/strava';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { ActionCard } from '../ui/ActionCard';
import { Card } from '../ui/Card';
import { cn } from '../ui/cn';
import { errorMessage } from '../../lib/errors';
import { ProgressBar } from '../ui/ProgressBar';
import { useFormat } from '../../hooks/useFormat';
import { resumeText, syncFraction } from './syncProgress';
import { isRunning, useStravaConnection, useSyncStatus } from '../../hooks/useStrava';
import { queryKeys } from '../../api/query-keys';

export const SYNC_BADGE: Record<SyncState, string> = {
  idle: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  importing: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  processing: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  error: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
};

function Counter({ label, value, tone }: { label: string; value: number; tone?: string | undefined }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-center dark:bg-slate-900/50">
      <p className={cn('text-2xl font-bold tabular-nums', tone)}>{value}</p>
      <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</p>
    </div>
  );
}

/** The words for a run's error: the server's code translated (a 401 from Strava asks to reconnect). */
export function syncErrorText(status: SyncStatus, t: TFunction): string {
  if (status.error_code) {
    const text = t(`strava:errors.${status.error_code}`, { defaultValue: '' });
    if (text) return text;
  }
  return status.error_message ?? t('strava:errors.unknown');
}

/** Spec 001 §2.13: the sync_status record of the rider's Strava imports. */
export function StravaStatusCard() {
  const { t } = useTranslation(['strava', 'sync', 'common']);
  const f = useFormat();
  const status = useSyncStatus();
  const s = status.data;
  const state: SyncState = s?.status ?? 'idle';
  const fraction = syncFraction(s);
  const pending = s ? Math.max(0, s.total_activities - s.processed_activities - s.failed_activities) : 0;
  const resumes = isRunning(s) ? resumeText(s, f.language) : undefined;

  return (
    <Card data-testid="strava-sync-status" data-state={state}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('status.title')}</h2>
        <span
          data-testid="strava-sync-badge"
          className={cn(
            'inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold',
            SYNC_BADGE[state],
          )}
        >
          {t(`sync:status.${state}`)}
        </span>
      </div>
      {status.isPending ? (
        <p role="status" className="mt-4 text-slate-500">
          {t('common:loading')}
        </p>
      ) : status.isError ? (
        <div className="mt-4">
          <Alert>{errorMessage(status.error, t)}</Alert>
        </div>
      ) : !s ? (
        <p data-testid="strava-sync-none" className="mt-4 text-slate-600 dark:text-slate-300">
          {t('sync:none')}
        </p>
      ) : (
        <div className="mt-5 space-y-5">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t(`action.${s.action ?? 'import_activities'}`)}
          </p>
          <div>
            <div className="mb-1.5 flex justify-between text-sm">
              <span className="text-slate-600 dark:text-slate-300">{t('sync:progress')}</span>
              <span data-testid="strava-sync-percent" className="font-semibold tabular-nums">
                {f.percent(fraction * 100, 0)}
              </span>
            </div>
            <ProgressBar fraction={fraction} label={t('sync:progress')} />
          </div>
          {isRunning(s) && s.current_activity && (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              <span className="text-slate-500 dark:text-slate-400">{t('current')}: </span>
              <span className="font-medium">{s.current_activity}</span>
            </p>
          )}
          {resumes && (
            <p
              className="flex items-center gap-2 text-sm text-amber-800 dark:text-amber-300"
              data-testid="strava-paused"
            >
              <PauseCircle className="h-4 w-4" aria-hidden />
              {t(resumes.key, { time: resumes.time })}
            </p>
          )}
          {isRunning(s) && s.bikes_queued_at && (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="strava-bikes-queued">
              {t('bikesQueued')}
            </p>
          )}
          <div className="grid grid-cols-3 gap-3">
            <Counter
              label={t('sync:counters.processed')}
              value={s.processed_activities}
              tone="text-emerald-700 dark:text-emerald-400"
            />
            <Counter label={t('sync:counters.pending')} value={pending} />
            <Counter
              label={t('sync:counters.failed')}
              value={s.failed_activities}
              tone={s.failed_activities ? 'text-red-700 dark:text-red-400' : undefined}
            />
          </div>
          {(s.imported_activities > 0 || s.skipped_activities > 0) && (
            <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="strava-sync-summary">
              {t('summary', { imported: s.imported_activities, skipped: s.skipped_activities })}
            </p>
          )}
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div className="flex items-center gap-2">
              <CalendarClock className="h-4 w-4 text-slate-400" aria-hidden />
              <dt className="text-slate-500 dark:text-slate-400">{t('sync:started')}:</dt>
              <dd className="font-medium">{s.started_at ? f.dateTime(s.started_at) : '—'}</dd>
            </div>
            <div className="flex items-center gap-2">
              <CalendarClock className="h-4 w-4 text-slate-400" aria-hidden />
              <dt className="text-slate-500 dark:text-slate-400">{t('sync:completed')}:</dt>
              <dd className="font-medium">{s.completed_at ? f.dateTime(s.completed_at) : '—'}</dd>
            </div>
          </dl>
          {s.status === 'error' && (
            <Alert>
              {syncErrorText(s, t)}
              {s.error_code === 'STRAVA_TOKEN_EXPIRED' && (
                <>
                  {' '}
                  <Link to="/profile#connected" className="font-semibold underline">
                    {t('reconnect')}
                  </Link>
                </>
              )}
            </Alert>
          )}
        </div>
      )}
    </Card>
  );
}

/** 'Importar Bicicletas' and 'Importar Actividades' (spec 001 §2.13), doing the real work. */
export function StravaImportActions() {
  const { t } = useTranslation(['strava', 'sync']);
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const connection = useStravaConnection();
  const status = useSyncStatus();
  const start = useMutation({
    mutationFn: startStravaSync,
    onSuccess: (next) => queryClient.setQueryData(queryKeys.strava.syncStatus.get(user?.id), next),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.strava.syncStatus.all }),
  });
  const connected = connection.data?.connected === true && !connection.data.token_invalid;
  const running = isRunning(status.data);
  const disabled = !connected || start.isPending || running;
  // During an activity import the bikes can still be asked for: the server queues them behind it.
  const bikesDisabled =
    !connected ||
    start.isPending ||
    (running && (status.data?.action === 'import_bikes' || Boolean(status.data?.bikes_queued_at)));

  return (
    <>
      <ActionCard
        icon={<Bike className="h-5 w-5" aria-hidden />}
        title={t('sync:strava.bikes')}
        text={t('sync:strava.bikesText')}
        action={
          <Button
            variant="secondary"
            className="w-full"
            data-testid="strava-import-bikes"
            disabled={bikesDisabled}
            loading={start.isPending && start.variables === 'import_bikes'}
            onClick={() => start.mutate('import_bikes')}
          >
            {t('sync:strava.bikes')}
          </Button>
        }
      />
      <ActionCard
        icon={<RefreshCw className="h-5 w-5" aria-hidden />}
        title={t('sync:strava.activities')}
        text={t('sync:strava.activitiesText')}
        action={
          <Button
            className="w-full"
            data-testid="strava-import-activities"
            disabled={disabled}
            loading={start.isPending && start.variables === 'import_activities'}
            onClick={() => start.mutate('import_activities')}
          >
            {t('sync:strava.activities')}
          </Button>
        }
      />
      {connection.data && !connection.data.configured && (
        // Without Strava on this server a "Connect" link would only lead to a disabled button: say so.
        <p
          className="flex items-center gap-2 text-sm text-slate-600 md:col-span-3 dark:text-slate-300"
          data-testid="strava-not-configured"
        >
          <Link2 className="h-4 w-4 shrink-0" aria-hidden />
          <span>{t('notConfigured')}</span>
        </p>
      )}
      {connection.data?.configured && !connected && (
        <p className="flex items-center gap-2 text-sm text-slate-600 md:col-span-3 dark:text-slate-300">
          <Link2 className="h-4 w-4 shrink-0" aria-hidden />
          <span>
            {connection.data.token_invalid ? t('tokenExpired') : t('connectFirst')}{' '}
            <Link to="/auth" className="font-semibold text-brand-700 underline dark:text-brand-500">
              {connection.data.token_invalid ? t('reconnect') : t('connect')}
            </Link>
          </span>
        </p>
      )}
      {start.isError && (
        <div className="md:col-span-3">
          <Alert>{errorMessage(start.error, t)}</Alert>
        </div>
      )}
    </>
  );
}
