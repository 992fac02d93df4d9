import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '../../api/client';
import { ProgressBar } from '../ui/ProgressBar';

/** Signed out, the analysis screens show the built-in example rider: said plainly, with a way in. */
export function ExampleBanner() {
  const { t } = useTranslation('analytics');
  return (
    <aside
      data-testid="example-banner"
      aria-label={t('example.label')}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-900/30 dark:text-amber-100"
    >
      <div className="min-w-0">
        <p className="font-semibold">{t('example.title')}</p>
        <p className="mt-1 text-sm">{t('example.text')}</p>
      </div>
      <Link
        to="/auth/signup"
        data-testid="example-signup"
        className="inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t('example.signUp')}
      </Link>
    </aside>
  );
}

/** While the example rider is generated (503 EXAMPLE_PREPARING); the query asks again every few seconds. */
export function ExamplePreparing({ error }: { error: ApiError }) {
  const { t } = useTranslation('analytics');
  const progress = error.progress;
  return (
    <div
      role="status"
      data-testid="example-preparing"
      className="rounded-xl border border-slate-200 bg-white p-6 text-center dark:border-slate-700 dark:bg-slate-800"
    >
      <p className="font-semibold text-slate-900 dark:text-white">{t('example.preparing')}</p>
      {progress && (
        <>
          <div className="mx-auto mt-4 max-w-md">
            <ProgressBar
              fraction={progress.total > 0 ? progress.done / progress.total : 0}
              label={t('example.preparing')}
            />
          </div>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {t('example.progress', { done: progress.done, total: progress.total })}
          </p>
        </>
      )}
    </div>
  );
}

/** The whole screen while the example rider is generated: its title, the banner and the progress. */
export function ExamplePreparingScreen({ title, error }: { title: ReactNode; error: ApiError }) {
  return (
    <div className="space-y-6">
      {title}
      <ExampleBanner />
      <ExamplePreparing error={error} />
    </div>
  );
}
