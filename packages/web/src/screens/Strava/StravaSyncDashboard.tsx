import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, LayoutDashboard, RefreshCw, User } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  importStravaActivities,
  listStravaActivities,
  refreshStravaList,
  type StravaListActivity,
} from '../../api/strava';
import { useAuth } from '../../auth/AuthProvider';
import { Loadable } from '../../components/Loadable';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { errorMessage } from '../../lib/errors';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { useFormat } from '../../hooks/useFormat';
import {
  filterActivities,
  isRide,
  movingTimeText,
  PERIODS,
  type Period,
  TYPE_FILTERS,
  type TypeFilter,
} from './activityFilters';
import { StravaConnectCard, StravaOutcomeBanner } from '../../components/strava/StravaConnectCard';
import { syncErrorText } from '../../components/strava/StravaImportSection';
import { resumeText, secondsRemaining, syncFraction } from '../../components/strava/syncProgress';
import { isRunning, useStravaConnection, useSyncStatus } from '../../hooks/useStrava';
import { queryKeys } from '../../api/query-keys';
import { FilterSelect } from './FilterSelect';

const LINK_BUTTON =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</p>
      <p data-testid={testId} className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
        {value}
      </p>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="mb-3 font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </Card>
  );
}

/**
 * /activities/sync (spec 001 §2.12) on the rider's real Strava list: synced flags, type and period
 * filters, select all/none, single and batch sync, and a progress card driven by the import job.
 */
export function StravaSyncDashboard() {
  const { t } = useTranslation(['strava', 'common']);
  const f = useFormat();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const connection = useStravaConnection();
  const status = useSyncStatus();
  const [type, setType] = useState<TypeFilter>('all');
  const [period, setPeriod] = useState<Period>(30);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [actionError, setActionError] = useState<string | null>(null);

  const connected = connection.data?.connected === true && !connection.data.token_invalid;
  const list = useQuery({
    queryKey: queryKeys.strava.activities.list(user?.id),
    queryFn: listStravaActivities,
    enabled: connected,
  });
  const afterStart = (next: unknown) => {
    queryClient.setQueryData(queryKeys.strava.syncStatus.get(user?.id), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.strava.activities.all });
  };
  const reason = (error: unknown) => errorMessage(error, t) || t('errors.unknown');
  const refresh = useMutation({
    mutationFn: () => refreshStravaList(365),
    onMutate: () => setActionError(null),
    onSuccess: afterStart,
    onError: (error) => setActionError(t('dashboard.errors.load', { reason: reason(error) })),
  });
  const sync = useMutation({
    mutationFn: (ids: number[]) => importStravaActivities(ids),
    onMutate: () => setActionError(null),
    onSuccess: (next, ids) => {
      afterStart(next);
      if (ids.length > 1 || selected.size > 0) setSelected(new Set());
    },
    onError: (error, ids) =>
      setActionError(
        t(ids.length > 1 ? 'dashboard.errors.batch' : 'dashboard.errors.single', { reason: reason(error) }),
      ),
  });

  // A rider who just connected has no list yet: read it from Strava once, without a click.
  const [autoRead, setAutoRead] = useState(false);
  const neverRead = connected && list.data?.activities.length === 0 && status.data === null;
  useEffect(() => {
    if (neverRead && !autoRead) {
      setAutoRead(true);
      refresh.mutate();
    }
  }, [neverRead, autoRead, refresh]);

  const all = list.data?.activities ?? [];
  const shown = useMemo(() => filterActivities(all, type, period, Date.now()), [all, type, period]);
  const pendingShown = shown.filter((a) => !a.synced && isRide(a));
  const active = isRunning(status.data) || sync.isPending || refresh.isPending;
  const s = status.data;
  const runError = s?.status === 'error' ? syncErrorText(s, t) : null;
  // A list that could not be read says so in the list's place, with a Retry (Loadable below).
  const errorText = actionError ?? runError;

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t('dashboard.title')}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t('dashboard.subtitle')}</p>
      </div>
      <StravaOutcomeBanner />

      <Loadable
        query={connection}
        loading={
          <p role="status" className="text-slate-500">
            {t('common:loading')}
          </p>
        }
        error={{ message: reason, look: 'alert', testId: 'sync-connection-error' }}
      >
        {() =>
          !connected ? (
            <Card data-testid="sync-access-required">
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
                {t('dashboard.accessRequired')}
              </h2>
              <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-300">
                {t('dashboard.accessText')}
              </p>
              <StravaConnectCard returnTo="/activities/sync" />
              {connection.data?.configured === false && (
                // Without Strava on this server, what does work: importing the files themselves.
                <p
                  className="mt-4 text-sm text-slate-600 dark:text-slate-300"
                  data-testid="sync-upload-instead"
                >
                  {t('dashboard.uploadInstead')}{' '}
                  <Link
                    to="/activities"
                    className="font-semibold text-brand-700 underline dark:text-brand-500"
                  >
                    {t('dashboard.uploadLink')}
                  </Link>
                </p>
              )}
            </Card>
          ) : (
            <>
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                <Stat label={t('dashboard.total')} value={shown.length} testId="sync-total" />
                <Stat
                  label={t('dashboard.synced')}
                  value={shown.filter((a) => a.synced).length}
                  testId="sync-synced"
                />
                <Stat label={t('dashboard.pending')} value={pendingShown.length} testId="sync-pending" />
                <Stat label={t('dashboard.selected')} value={selected.size} testId="sync-selected" />
              </div>

              <div className="grid gap-4 lg:grid-cols-3">
                <Section title={t('dashboard.filters')}>
                  <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
                    <FilterSelect
                      label={t('dashboard.type')}
                      testId="sync-type"
                      value={type}
                      values={TYPE_FILTERS}
                      optionLabel={(v) => t(`dashboard.types.${v}`)}
                      onChange={setType}
                    />
                    <FilterSelect
                      label={t('dashboard.period')}
                      testId="sync-period"
                      value={period}
                      values={PERIODS}
                      optionLabel={(v) => t(`dashboard.periods.${v}`)}
                      onChange={setPeriod}
                    />
                  </div>
                </Section>
                <Section title={t('dashboard.batch')}>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      data-testid="sync-select-all"
                      disabled={active || pendingShown.length === 0}
                      onClick={() => setSelected(new Set(pendingShown.map((a) => a.id)))}
                    >
                      {t('dashboard.all')}
                    </Button>
                    <Button
                      variant="secondary"
                      data-testid="sync-select-none"
                      onClick={() => setSelected(new Set())}
                    >
                      {t('dashboard.none')}
                    </Button>
                    <Button
                      data-testid="sync-batch"
                      disabled={active || selected.size === 0}
                      loading={sync.isPending && (sync.variables?.length ?? 0) > 1}
                      onClick={() => sync.mutate([...selected])}
                    >
                      {t('dashboard.syncSelected', { count: selected.size })}
                    </Button>
                  </div>
                </Section>
                <Section title={t('dashboard.quick')}>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      data-testid="sync-refresh"
                      disabled={active}
                      onClick={() => refresh.mutate()}
                    >
                      <RefreshCw className={cn('h-4 w-4', refresh.isPending && 'animate-spin')} aria-hidden />
                      {t('dashboard.refresh')}
                    </Button>
                    <Link to="/dashboard" className={LINK_BUTTON}>
                      <LayoutDashboard className="h-4 w-4" aria-hidden />
                      {t('dashboard.toDashboard')}
                    </Link>
                    <Link to="/profile" className={LINK_BUTTON}>
                      <User className="h-4 w-4" aria-hidden />
                      {t('dashboard.toProfile')}
                    </Link>
                  </div>
                </Section>
              </div>

              {errorText && (
                <Card
                  data-testid="sync-error"
                  className="border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950/40"
                >
                  <h2 className="flex items-center gap-2 font-semibold text-red-800 dark:text-red-200">
                    <AlertTriangle className="h-5 w-5" aria-hidden />
                    {t('dashboard.errorTitle')}
                  </h2>
                  <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
                    {errorText}
                  </p>
                </Card>
              )}

              {s && isRunning(s) && <ProgressCard />}

              <div className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800">
                <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
                  <h2 className="font-semibold text-slate-900 dark:text-white">
                    {t('dashboard.listTitle', { count: shown.length })}
                  </h2>
                  <p className="text-sm text-slate-500 dark:text-slate-400">
                    {t('dashboard.listSynced', { count: shown.filter((a) => a.synced).length })}
                  </p>
                </div>
                <Loadable
                  query={list}
                  loading={
                    <p role="status" className="p-5 text-slate-500">
                      {t('common:loading')}
                    </p>
                  }
                  error={{
                    message: (error) => t('dashboard.errors.load', { reason: reason(error) }),
                    look: 'line',
                    className: 'p-5',
                    testId: 'sync-list-error',
                  }}
                  isEmpty={() => shown.length === 0}
                  empty={
                    <div className="p-5 text-slate-600 dark:text-slate-300" data-testid="sync-empty">
                      <p className="font-medium">{t('dashboard.empty')}</p>
                      <p className="mt-1 text-sm">{t('dashboard.emptyHint')}</p>
                    </div>
                  }
                >
                  {() => (
                    <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="sync-list">
                      {shown.map((a) => (
                        <ActivityRow
                          key={a.id}
                          activity={a}
                          checked={selected.has(a.id)}
                          disabled={active}
                          onToggle={() => toggle(a.id)}
                          onSync={() => sync.mutate([a.id])}
                          date={f.date(a.start_date)}
                          distance={f.distance(a.distance)}
                          speed={f.speed(a.average_speed)}
                          watts={a.average_watts !== null ? f.watts(a.average_watts) : null}
                        />
                      ))}
                    </ul>
                  )}
                </Loadable>
              </div>
            </>
          )
        }
      </Loadable>
    </div>
  );
}

function ActivityRow(props: {
  activity: StravaListActivity;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
  onSync: () => void;
  date: string;
  distance: string;
  speed: string;
  watts: string | null;
}) {
  const { t } = useTranslation('strava');
  const { activity: a } = props;
  const ride = isRide(a);
  const inProgress = a.state === 'pending' || a.state === 'importing';
  return (
    <li
      data-testid="sync-row"
      data-id={a.id}
      data-synced={a.synced}
      className="flex items-start gap-3 px-5 py-4"
    >
      <div className="w-5 pt-1">
        {ride && !a.synced && (
          <input
            type="checkbox"
            className="h-4 w-4"
            aria-label={t('dashboard.select', { name: a.name })}
            checked={props.checked}
            disabled={props.disabled}
            onChange={props.onToggle}
          />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium break-words text-slate-900 dark:text-white">{a.name}</p>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
            {a.type}
          </span>
        </div>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 tabular-nums dark:text-slate-300">
          <span>{props.date}</span>
          <span>{props.distance}</span>
          <span>{movingTimeText(a.moving_time)}</span>
          <span>{props.speed}</span>
          {props.watts && <span>{props.watts}</span>}
        </p>
        {a.state === 'failed' && a.message && <p className="mt-1 text-xs text-red-700">{a.message}</p>}
      </div>
      <div className="shrink-0">
        {a.synced ? (
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            {t('dashboard.rowSynced')}
          </span>
        ) : !ride ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">{t('dashboard.notRide')}</span>
        ) : inProgress ? (
          <span className="text-sm text-slate-500">{t('dashboard.queued')}</span>
        ) : (
          <Button variant="secondary" disabled={props.disabled} onClick={props.onSync} data-testid="sync-one">
            {t('dashboard.syncOne')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** Spec 001 §2.12 progress card: percentage and estimated time remaining, from the real job. */
function ProgressCard() {
  const { t } = useTranslation('strava');
  const f = useFormat();
  const s = useSyncStatus().data;
  if (!s) return null;
  const fraction = syncFraction(s);
  const left = secondsRemaining(s, Date.now());
  const resumes = isRunning(s) ? resumeText(s, f.language) : undefined;
  return (
    <Card data-testid="sync-progress">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900 dark:text-white">{t('dashboard.progressTitle')}</h2>
        <span className="text-sm font-semibold tabular-nums" data-testid="sync-progress-percent">
          {f.percent(fraction * 100, 0)}
        </span>
      </div>
      <ProgressBar fraction={fraction} label={t('dashboard.progressTitle')} />
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-slate-600 dark:text-slate-300">
        <span>
          {t('dashboard.progressCount', {
            done: s.processed_activities + s.failed_activities,
            total: s.total_activities,
          })}
        </span>
        {left !== undefined && <span>{t('dashboard.eta', { time: f.hoursMinutes(left) })}</span>}
        {s.current_activity && <span className="truncate">{s.current_activity}</span>}
      </p>
      {resumes && (
        <p className="mt-1 text-sm text-amber-800 dark:text-amber-300" data-testid="sync-resumes">
          {t(resumes.key, { time: resumes.time })}
        </p>
      )}
      {isRunning(s) && s.bikes_queued_at && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('bikesQueued')}</p>
      )}
    </Card>
  );
}
