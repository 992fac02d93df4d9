import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The ride page and uPlot load on demand: the rest of the app does not pay for the charts.
const ActivityScreen = lazy(() =>
  import('./ActivityScreen').then((module) => ({ default: module.ActivityScreen })),
);

function Loading() {
  const { t } = useTranslation('activity');
  return (
    <p role="status" className="py-16 text-center text-slate-500">
      {t('loading')}
    </p>
  );
}

/** /activities/:id */
export function ActivityRoute() {
  return (
    <Suspense fallback={<Loading />}>
      <ActivityScreen />
    </Suspense>
  );
}
