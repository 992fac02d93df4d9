import { lazy, type ReactNode, Suspense } from 'react';

// uPlot loads on demand, as on the ride page: the dashboard's first paint does not wait for charts.
const PowerCurveChart = lazy(() =>
  import('../../components/charts/PowerCurveChart').then((m) => ({ default: m.PowerCurveChart })),
);
const TrainingLoadChart = lazy(() =>
  import('../../components/charts/TrainingLoadChart').then((m) => ({ default: m.TrainingLoadChart })),
);

function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div style={{ height }} className="animate-pulse rounded-lg bg-slate-100 dark:bg-slate-700" />
      }
    >
      {children}
    </Suspense>
  );
}

export function LazyPowerCurveChart(props: Parameters<typeof PowerCurveChart>[0]) {
  return (
    <ChartSlot height={props.height ?? 280}>
      <PowerCurveChart {...props} />
    </ChartSlot>
  );
}

export function LazyTrainingLoadChart(props: Parameters<typeof TrainingLoadChart>[0]) {
  return (
    <ChartSlot height={props.height ?? 240}>
      <TrainingLoadChart {...props} />
    </ChartSlot>
  );
}
