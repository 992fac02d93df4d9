import { RefreshCw, Wifi, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isFailedRequest } from '../../api/request-log';
import { Button } from '../../components/ui/Button';
import { Loadable, LoadingCards } from '../../components/Loadable';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { useOnline } from '../../offline/useOnline';
import { HealthRecords } from './HealthRecords';
import { ServiceCard } from './ServiceCard';
import { useHealthServices, useRequestLog } from './useHealth';

function SummaryCard({
  title,
  value,
  detail,
  tone,
  icon,
  testId,
}: {
  title: string;
  value: string;
  detail: string;
  tone: 'good' | 'warn' | 'bad';
  icon?: ReactNode;
  testId: string;
}) {
  return (
    <Card className="p-4" data-testid={testId}>
      <p className="text-sm text-slate-600 dark:text-slate-300">{title}</p>
      <p
        className={cn(
          'mt-1 flex items-center gap-2 text-2xl font-bold',
          tone === 'good' && 'text-emerald-700 dark:text-emerald-300',
          tone === 'warn' && 'text-amber-700 dark:text-amber-300',
          tone === 'bad' && 'text-red-700 dark:text-red-300',
        )}
      >
        {icon}
        {value}
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">{detail}</p>
    </Card>
  );
}

/**
 * System health (/dashboard/health; spec 001 §2.14, issue 15): the services the rider depends on,
 * checked by the server (at most every 10 s for everyone) and asked again every 30 s and on
 * 'Actualizar'; the browser's network state; this tab's failed requests; operators see the
 * server's logs and failed jobs.
 */
export function HealthScreen() {
  const { t } = useTranslation('health');
  const format = useFormat();
  const query = useHealthServices();
  const online = useOnline();
  const requests = useRequestLog();
  const data = query.data;
  const failed = requests.filter(isFailedRequest).length;
  const time = (iso: string | number) =>
    new Date(iso).toLocaleTimeString(format.language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  const total = data?.services.length ?? 0;

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('title')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
          {data && (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="health-checked-at">
              {t('lastChecked', { time: time(data.checked_at) })}
            </p>
          )}
        </div>
        <Button
          variant="secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          data-testid="health-refresh"
        >
          <RefreshCw className={cn('h-4 w-4', query.isFetching && 'animate-spin')} aria-hidden />
          {t('refresh')}
        </Button>
      </header>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SummaryCard
          testId="health-summary-services"
          title={t('summary.services')}
          value={data ? t('summary.servicesValue', { healthy: data.summary.healthy, total }) : '—'}
          detail={
            data
              ? t('summary.servicesDetail', { warning: data.summary.warning, error: data.summary.error })
              : ''
          }
          tone={!data || data.summary.error > 0 ? 'bad' : data.summary.warning > 0 ? 'warn' : 'good'}
        />
        <SummaryCard
          testId="health-summary-requests"
          title={t('summary.requests')}
          value={String(failed)}
          detail={t('summary.requestsDetail', { total: requests.length })}
          tone={failed > 0 ? 'warn' : 'good'}
        />
        <SummaryCard
          testId="health-summary-network"
          title={t('summary.network')}
          value={online ? t('summary.online') : t('summary.offline')}
          detail={t('summary.networkDetail')}
          tone={online ? 'good' : 'bad'}
          icon={
            online ? <Wifi className="h-5 w-5" aria-hidden /> : <WifiOff className="h-5 w-5" aria-hidden />
          }
        />
      </div>

      <Loadable
        query={query}
        loading={
          <LoadingCards
            label={t('loading')}
            count={6}
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
            boxClassName="h-32"
          />
        }
        error={{ message: t('loadError'), retryLabel: t('retry') }}
        // Asked again every 30 s: a failed check keeps the last known state on screen.
        keepDataOnError
      >
        {(data) => (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="health-services">
            {data.services.map((service) => (
              <ServiceCard key={service.service} service={service} format={format} time={time} />
            ))}
          </div>
        )}
      </Loadable>

      <Card className="p-4 sm:p-6">
        <HealthRecords health={data} requests={requests} format={format} />
      </Card>
    </div>
  );
}
