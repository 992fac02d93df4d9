import { ChartNoAxesCombined } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { LoadError } from '../../components/Loadable';
import { Card } from '../../components/ui/Card';
import { DemoActions } from './DemoActions';

/** 'Loading dashboard...' (spec 000 §2). */
export function DashboardLoading() {
  const { t } = useTranslation('dashboard');
  return (
    <p role="status" data-testid="dashboard-loading" className="py-16 text-center text-slate-500">
      {t('loading')}
    </p>
  );
}

/** 'Failed to load dashboard data. Please try again.' with Retry (spec 000 §8). */
export function DashboardError({ onRetry, error }: { onRetry: () => void; error?: unknown }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  // The database away (issue 16, a 503 DATABASE_UNAVAILABLE) says so: nothing is lost, retry soon.
  const unavailable = error instanceof ApiError && error.code === 'DATABASE_UNAVAILABLE';
  return (
    <LoadError
      look="refresh"
      testId="dashboard-error"
      message={unavailable ? t('errors:DATABASE_UNAVAILABLE') : t('error')}
      retryLabel={t('retry')}
      onRetry={onRetry}
    />
  );
}

/** 'No dashboard data available. Please sync your activities first.' with the ways to get rides. */
export function DashboardEmpty() {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-slate-700">
        <ChartNoAxesCombined className="h-7 w-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{t('empty.title')}</h2>
      <p data-testid="dashboard-empty" className="mt-2 max-w-md text-slate-600 dark:text-slate-300">
        {t('empty.message')}
      </p>
      <DemoActions />
    </Card>
  );
}
