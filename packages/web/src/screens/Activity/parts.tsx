import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';

/** A titled card of the ride page. */
export function Section({
  title,
  subtitle,
  actions,
  children,
  className,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      className={cn(
        'min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-800',
        className,
      )}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
          {subtitle && <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{subtitle}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Why a section has nothing to show (the ride lacks the data). */
export function Missing({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-500 italic dark:text-slate-400">{children}</p>;
}

export function Pending() {
  const { t } = useTranslation('activity');
  return (
    <p role="status" className="py-6 text-center text-sm text-slate-500">
      {t('loadingSection')}
    </p>
  );
}

export function Stat({
  label,
  value,
  hint,
  className,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 rounded-lg bg-slate-50 px-3 py-2.5 dark:bg-slate-900/50', className)}>
      <dt className="line-clamp-2 text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      {/* Never cut: a long value wraps (at 375 px "132 lpm" and "10,3 km/h" used to read "132 b…"). */}
      <dd
        className="text-base leading-snug font-semibold break-words text-slate-900 tabular-nums sm:text-lg dark:text-white"
        data-testid="stat-value"
      >
        {value}
      </dd>
      {hint && <dd className="text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}
