import {
  CloudOff,
  Database,
  FlaskConical,
  History,
  Loader2,
  RefreshCw,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import type { CacheStatus } from '../../offline/narrativeCache';
import { useFormat } from '../../hooks/useFormat';

function Banner({
  tone,
  icon: Icon,
  title,
  children,
  testId,
}: {
  tone: 'info' | 'warning' | 'success' | 'error';
  icon: typeof CloudOff;
  title: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn(
        'flex flex-col gap-3 rounded-xl border px-4 py-3 text-sm sm:flex-row sm:items-center',
        tone === 'info' && 'border-sky-200 bg-sky-50 text-sky-900',
        tone === 'warning' && 'border-amber-200 bg-amber-50 text-amber-900',
        tone === 'success' && 'border-emerald-200 bg-emerald-50 text-emerald-900',
        tone === 'error' && 'border-red-200 bg-red-50 text-red-900',
      )}
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

export type DataSource = 'real' | 'demo' | 'syncing' | 'error';

/** Where the numbers come from: real rides, demo rides, an import under way, or a failed load. */
export function DataSourceBanner({ source }: { source: DataSource }) {
  const { t } = useTranslation('dashboard');
  if (source === 'real')
    return <Banner testId="source-real" tone="success" icon={Database} title={t('narrative.source.real')} />;
  if (source === 'demo')
    return (
      <Banner testId="source-demo" tone="info" icon={FlaskConical} title={t('narrative.source.demo')}>
        <p>{t('narrative.source.demoText')}</p>
      </Banner>
    );
  if (source === 'syncing')
    return (
      <Banner testId="source-syncing" tone="info" icon={Loader2} title={t('narrative.source.syncing')}>
        <p>{t('narrative.source.syncingText')}</p>
      </Banner>
    );
  return (
    <Banner testId="source-error" tone="error" icon={TriangleAlert} title={t('narrative.source.error')}>
      <p>{t('narrative.source.errorText')}</p>
      <Link to="/sync" className="mt-2 inline-flex items-center gap-1 font-semibold underline">
        <RefreshCw className="h-4 w-4" aria-hidden />
        {t('narrative.source.sync')}
      </Link>
    </Banner>
  );
}

/** 'Modo Offline' / 'Datos Antiguos' with 'Reintentar' and 'Limpiar Cache' (spec 000 §2, §8). */
export function CacheBanner({
  offline,
  status,
  savedAt,
  onRetry,
  onClear,
}: {
  offline: boolean;
  status: CacheStatus;
  savedAt: number | null;
  onRetry: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  if (!offline && status !== 'stale') return null;
  return (
    <Banner
      testId={offline ? 'banner-offline' : 'banner-stale'}
      tone="warning"
      icon={offline ? CloudOff : History}
      title={offline ? t('narrative.cache.offline') : t('narrative.cache.stale')}
    >
      <p>
        {savedAt === null
          ? t('narrative.cache.nothing')
          : t('narrative.cache.savedAt', { when: f.dateTime(new Date(savedAt)) })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onRetry} data-testid="cache-retry">
          <RefreshCw className="h-4 w-4" aria-hidden />
          {t('narrative.cache.retry')}
        </Button>
        <Button variant="secondary" onClick={onClear} data-testid="cache-clear">
          <Trash2 className="h-4 w-4" aria-hidden />
          {t('narrative.cache.clear')}
        </Button>
      </div>
    </Banner>
  );
}
