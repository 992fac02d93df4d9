import type { ReactNode } from 'react';

/**
 * One labelled figure of a plan card (a `<dt>` and its `<dd>`, inside the caller's `<dl>`): the goal's
 * prediction and a workout's load figures wrote the same small grey label out by hand.
 */
export function LabelledValue({
  label,
  value,
  className,
  valueClassName = 'font-semibold text-slate-900 dark:text-white',
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  /** The row's own layout (e.g. label and value on one line); none by default. */
  className?: string;
  valueClassName?: string;
  testId?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
