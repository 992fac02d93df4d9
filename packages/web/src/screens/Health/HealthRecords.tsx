import type { HealthServicesResponse, LogEntry, LogLevel } from '@vatio/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFailedRequest, type RequestLogEntry } from '../../api/request-log';
import { TabStrip } from '../../components/ui/TabStrip';
import { cn } from '../../components/ui/cn';
import type { Formatter } from '../../lib/format';
import { serviceMessage, StatusBadge } from './ServiceCard';
import { useServerLogs } from './useHealth';

/** Spec 001 §2.14: the latest 20 records. */
const RECENT = 20;
const LEVELS: readonly LogLevel[] = ['info', 'warn', 'error'];

const LEVEL_TONE: Record<string, string> = {
  error: 'text-red-700 dark:text-red-300',
  fatal: 'text-red-700 dark:text-red-300',
  warn: 'text-amber-700 dark:text-amber-300',
};

function Empty({ children }: { children: string }) {
  return (
    <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600 dark:bg-slate-900 dark:text-slate-300">
      {children}
    </p>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-100">{title}</h3>
      {children}
    </section>
  );
}

/** The rider's requests as a list (phone) that reads as a table (desktop). */
function RequestList({
  entries,
  time,
  testId,
}: {
  entries: RequestLogEntry[];
  time: (ms: number) => string;
  testId: string;
}) {
  const { t } = useTranslation('health');
  return (
    <ul
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
      data-testid={testId}
    >
      {entries.map((entry) => (
        <li
          key={`${entry.at}-${entry.method}-${entry.path}-${entry.status}`}
          className="grid grid-cols-[auto_1fr_auto] items-baseline gap-x-3 gap-y-0.5 px-3 py-2 text-sm sm:grid-cols-[4rem_1fr_6rem_5rem_6rem]"
        >
          <span className="font-mono text-xs font-semibold text-slate-600 dark:text-slate-300">
            {entry.method}
          </span>
          <span className="min-w-0 break-all font-mono text-xs text-slate-800 dark:text-slate-100">
            {entry.path}
          </span>
          <span
            className={cn(
              'text-right font-mono text-xs font-semibold',
              isFailedRequest(entry)
                ? 'text-red-700 dark:text-red-300'
                : 'text-emerald-700 dark:text-emerald-300',
            )}
          >
            {entry.status === 0 ? t('network.noAnswer') : entry.status}
          </span>
          <span className="col-start-2 text-xs text-slate-500 sm:col-start-auto sm:text-right dark:text-slate-400">
            {entry.durationMs} ms
          </span>
          <span className="text-right text-xs text-slate-500 dark:text-slate-400">{time(entry.at)}</span>
        </li>
      ))}
    </ul>
  );
}

function ServerLogList({ entries, time }: { entries: LogEntry[]; time: (iso: string) => string }) {
  return (
    <ul
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
      data-testid="health-server-logs"
    >
      {entries.map((entry) => {
        const d = entry.data ?? {};
        const request =
          d.method && d.path ? `${d.method} ${d.path}${d.status ? ` → ${d.status}` : ''}` : null;
        return (
          <li key={entry.id} className="space-y-0.5 px-3 py-2 text-sm">
            <div className="flex flex-wrap items-baseline gap-x-2 text-xs">
              <span
                className={cn(
                  'font-semibold uppercase',
                  LEVEL_TONE[entry.level] ?? 'text-slate-600 dark:text-slate-300',
                )}
              >
                {entry.level}
              </span>
              <span className="text-slate-500 dark:text-slate-400">{entry.category}</span>
              <span className="ml-auto text-slate-500 dark:text-slate-400">{time(entry.timestamp)}</span>
            </div>
            <p className="break-words text-slate-800 dark:text-slate-100">{entry.message}</p>
            {request && (
              <p className="break-all font-mono text-xs text-slate-600 dark:text-slate-300">{request}</p>
            )}
            {typeof d.error === 'string' && (
              <p className="break-words text-xs text-red-700 dark:text-red-300">{d.error}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function HealthRecords({
  health,
  requests,
  format,
}: {
  health: HealthServicesResponse | undefined;
  requests: RequestLogEntry[];
  format: Formatter;
}) {
  const { t } = useTranslation('health');
  const operator = health?.operator === true;
  const [level, setLevel] = useState<LogLevel>('info');
  const logs = useServerLogs(operator, level);
  // Errors: every server error, whatever level the logs tab shows.
  const serverErrors = useServerLogs(operator, 'error');
  const clock = (at: number | string) =>
    new Date(at).toLocaleTimeString(format.language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  const newestFirst = [...requests].reverse();
  const failed = newestFirst.filter(isFailedRequest);
  const noAnswerOrServer = failed.filter((r) => r.status === 0 || r.status >= 500);
  const problems = (health?.services ?? []).filter((s) => s.status !== 'healthy');

  const errorsTab = (
    <div className="space-y-5" data-testid="health-errors">
      <Section title={t('errors.services')}>
        {problems.length === 0 ? (
          <Empty>{t('errors.noServiceProblems')}</Empty>
        ) : (
          <ul className="space-y-2">
            {problems.map((s) => (
              <li key={s.service} className="flex flex-wrap items-start gap-2 text-sm">
                <StatusBadge status={s.status} />
                <span className="font-semibold text-slate-800 dark:text-slate-100">
                  {t(`service.${s.service}`)}:
                </span>
                <span className="min-w-0 text-slate-700 dark:text-slate-200">
                  {serviceMessage(s, t, format, clock)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {operator && (
        <>
          <Section title={t('errors.server')}>
            {serverErrors.isError ? (
              <Empty>{t('logs.serverError')}</Empty>
            ) : (serverErrors.data?.entries.length ?? 0) === 0 ? (
              <Empty>{t('errors.noServerErrors')}</Empty>
            ) : (
              <ServerLogList entries={serverErrors.data!.entries.slice(0, RECENT)} time={clock} />
            )}
          </Section>
          <Section title={t('errors.jobs')}>
            {(logs.data?.job_failures.length ?? 0) === 0 ? (
              <Empty>{t('errors.noJobFailures')}</Empty>
            ) : (
              <ul className="space-y-2 text-sm" data-testid="health-job-failures">
                {logs.data!.job_failures.slice(0, RECENT).map((job) => (
                  <li
                    key={job.id}
                    className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
                  >
                    <div className="flex flex-wrap gap-x-2 text-xs text-slate-500 dark:text-slate-400">
                      <span className="font-mono font-semibold">{job.queue}</span>
                      <span>{t('errors.attempts', { count: job.attempts })}</span>
                      <span className="ml-auto">{clock(job.failed_at)}</span>
                    </div>
                    <p className="break-words text-slate-800 dark:text-slate-100">{job.message}</p>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
      <Section title={t('errors.requests')}>
        {noAnswerOrServer.length === 0 ? (
          <Empty>{t('errors.noRequestErrors')}</Empty>
        ) : (
          <RequestList
            entries={noAnswerOrServer.slice(0, RECENT)}
            time={clock}
            testId="health-request-errors"
          />
        )}
      </Section>
    </div>
  );

  const logsTab = operator ? (
    <Section title={t('logs.server')}>
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
        {t('logs.level')}
        <select
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
          value={level}
          onChange={(event) => setLevel(event.target.value as LogLevel)}
          data-testid="health-log-level"
        >
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`logs.levels.${l}`)}
            </option>
          ))}
        </select>
      </label>
      {logs.isError ? (
        <Empty>{t('logs.serverError')}</Empty>
      ) : (logs.data?.entries.length ?? 0) === 0 ? (
        <Empty>{t('logs.empty')}</Empty>
      ) : (
        <ServerLogList entries={logs.data!.entries.slice(0, RECENT)} time={clock} />
      )}
    </Section>
  ) : (
    <Section title={t('logs.own')}>
      {newestFirst.length === 0 ? (
        <Empty>{t('logs.empty')}</Empty>
      ) : (
        <RequestList entries={newestFirst.slice(0, RECENT)} time={clock} testId="health-own-log" />
      )}
    </Section>
  );

  const networkTab = (
    <Section title={t('network.title')}>
      {failed.length === 0 ? (
        <Empty>{t('network.empty')}</Empty>
      ) : (
        <RequestList entries={failed} time={clock} testId="health-failed-requests" />
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('privacy')}</p>
    </Section>
  );

  return (
    <TabStrip
      label={t('tabs.label')}
      tabs={[
        { value: 'errors', label: t('tabs.errors'), content: errorsTab, testId: 'health-tab-errors' },
        { value: 'logs', label: t('tabs.logs'), content: logsTab, testId: 'health-tab-logs' },
        {
          value: 'network',
          label: `${t('tabs.network')}${failed.length > 0 ? ` (${failed.length})` : ''}`,
          content: networkTab,
          testId: 'health-tab-network',
        },
      ]}
    />
  );
}
