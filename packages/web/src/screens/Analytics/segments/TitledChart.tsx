import { type ComponentProps, lazy, Suspense } from 'react';

// uPlot loads on demand, as elsewhere: the card's first paint does not wait for the chart.
export const SegmentChart = lazy(() => import('./SegmentChart').then((m) => ({ default: m.SegmentChart })));

/** A titled chart of the card: the heading, and the chart once uPlot has loaded (a grey block until then). */
export function TitledChart({
  title,
  fallbackClassName = 'h-48',
  ...chart
}: { title: string; fallbackClassName?: string } & ComponentProps<typeof SegmentChart>) {
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h4>
      <Suspense
        fallback={
          <div className={`${fallbackClassName} animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800`} />
        }
      >
        <SegmentChart {...chart} />
      </Suspense>
    </div>
  );
}
