import type { HealthStatus, ServiceHealth } from '@vatio/schemas';
import {
  CircleAlert,
  CircleCheck,
  Cloud,
  Database,
  HardDrive,
  ListChecks,
  Mail,
  Map as MapIcon,
  MessageSquare,
  TriangleAlert,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import type { Formatter } from '../../lib/format';

const ICONS = {
  database: Database,
  jobs: ListChecks,
  storage: HardDrive,
  mail: Mail,
  sms: MessageSquare,
  strava: Cloud,
  map_tiles: MapIcon,
} as const;

export const STATUS_TONE: Record<HealthStatus, string> = {
  healthy:
    'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-900/30 dark:text-emerald-200 dark:ring-emerald-800',
  warning:
    'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-900/30 dark:text-amber-200 dark:ring-amber-800',
  error: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-900/30 dark:text-red-200 dark:ring-red-800',
};

export function StatusBadge({ status }: { status: HealthStatus }) {
  const { t } = useTranslation('health');
  const Icon = status === 'healthy' ? CircleCheck : status === 'warning' ? TriangleAlert : CircleAlert;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
        STATUS_TONE[status],
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {t(`status.${status}`)}
    </span>
  );
}

const gib = (bytes: number | undefined, f: Formatter) => f.number((bytes ?? 0) / 1024 ** 3, 1);

/** The service's state in the rider's language, from its reason code and details. */
export function serviceMessage(
  s: ServiceHealth,
  t: (key: string | string[], options?: Record<string, unknown>) => string,
  f: Formatter,
  time: (iso: string) => string,
): string {
  const d = s.details;
  return t([`messages.${s.service}.${s.reason}`, `reasons.${s.reason}`], {
    engine: d.engine ? t(`engine.${d.engine}`) : '',
    waiting: d.waiting_jobs ?? 0,
    active: d.active_jobs ?? 0,
    failed: d.failed_last_hour ?? 0,
    oldest: d.oldest_waiting_s ?? 0,
    free: gib(d.free_bytes, f),
    total: gib(d.total_bytes, f),
    host: d.host ?? '',
    status: d.http_status ?? '',
    until: d.rate_limit?.paused_until ? time(d.rate_limit.paused_until) : '',
  });
}

export function ServiceCard({
  service,
  format,
  time,
}: {
  service: ServiceHealth;
  format: Formatter;
  time: (iso: string) => string;
}) {
  const { t } = useTranslation('health');
  const Icon = ICONS[service.service];
  const rate = service.details.rate_limit;
  return (
    <article
      data-testid={`health-service-${service.service}`}
      data-status={service.status}
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="flex min-w-0 items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <Icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <span className="min-w-0 break-words">{t(`service.${service.service}`)}</span>
        </h3>
        <StatusBadge status={service.status} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200">{serviceMessage(service, t, format, time)}</p>
      {rate && (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {t('rateLimit', {
            usage15: rate.usage_15min,
            limit15: rate.limit_15min,
            usageDay: rate.usage_day,
            limitDay: rate.limit_day,
          })}
        </p>
      )}
      <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
        <div>
          <dt className="sr-only">{t('network.duration')}</dt>
          <dd>
            {service.response_time_ms === null
              ? t('noContact')
              : t('responseTime', {
                  ms: format.number(service.response_time_ms, service.response_time_ms < 10 ? 1 : 0),
                })}
          </dd>
        </div>
        <div>
          <dt className="sr-only">{t('network.time')}</dt>
          <dd>{t('checkedAt', { time: time(service.last_check) })}</dd>
        </div>
      </dl>
    </article>
  );
}
