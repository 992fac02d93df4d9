// One component for the states of a query (issue 27: thirteen screens had copied their own loading,
// error-with-retry and empty blocks): loading while nothing has arrived, the error with a Retry that
// asks again, the empty state when the answer holds nothing, else the data. The looks are the ones
// the screens already had, named, so a screen keeps what its riders see.
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './ui/Alert';
import { Button } from './ui/Button';
import { cn } from './ui/cn';

/** What Loadable reads of a TanStack query (a UseQueryResult fits). */
export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * How the error looks:
 * - `banner`: a red line of text with an underlined Retry (the analysis screens);
 * - `line`: the same without the box, inside a card;
 * - `panel`: a bordered, centred box with a Retry button;
 * - `alert`: the app's Alert with the message and a secondary Retry button beside it;
 * - `box`: a centred red box with a secondary Retry button below (lists);
 * - `refresh`: the Alert, then a secondary Retry button with a refresh icon (the dashboards).
 */
export type ErrorLook = 'banner' | 'line' | 'panel' | 'alert' | 'box' | 'refresh';

export interface LoadErrorProps {
  /** The words of the failure, already translated. */
  message: ReactNode;
  onRetry: () => void;
  /** The Retry button's words; the common 'Retry' by default. */
  retryLabel?: string;
  look?: ErrorLook;
  className?: string;
  testId?: string;
}

/** A failed load and the button that asks again. */
export function LoadError({
  message,
  onRetry,
  retryLabel,
  look = 'banner',
  className,
  testId,
}: LoadErrorProps) {
  const { t } = useTranslation('common');
  const label = retryLabel ?? t('retry');
  if (look === 'banner' || look === 'line')
    return (
      <p
        role="alert"
        data-testid={testId}
        className={cn(
          look === 'banner'
            ? 'rounded-xl bg-red-50 p-4 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200'
            : 'text-sm text-red-700 dark:text-red-300',
          className,
        )}
      >
        {message}{' '}
        <button type="button" className="font-semibold underline" onClick={onRetry}>
          {label}
        </button>
      </p>
    );
  if (look === 'panel')
    return (
      <div
        role="alert"
        data-testid={testId}
        className={cn('rounded-xl border border-rose-200 p-6 text-center dark:border-rose-900', className)}
      >
        <p className="text-slate-700 dark:text-slate-200">{message}</p>
        <Button className="mt-3" onClick={onRetry}>
          {label}
        </Button>
      </div>
    );
  if (look === 'box')
    return (
      <div
        role="alert"
        data-testid={testId}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200',
          className,
        )}
      >
        <p>{message}</p>
        <Button variant="secondary" onClick={onRetry}>
          {label}
        </Button>
      </div>
    );
  if (look === 'refresh')
    return (
      <div className={cn('space-y-3', className)} data-testid={testId}>
        <Alert>{message}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          {label}
        </Button>
      </div>
    );
  return (
    <div className={className} data-testid={testId}>
      <Alert>
        <span className="flex flex-wrap items-center justify-between gap-2">
          {message}
          <Button variant="secondary" onClick={onRetry}>
            {label}
          </Button>
        </span>
      </Alert>
    </div>
  );
}

/** Grey pulsing boxes in a grid while a screen's cards load; `label` is what a screen reader hears. */
export function LoadingCards({
  label,
  count = 4,
  className = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4',
  boxClassName = 'h-28',
}: {
  label: string;
  count?: number;
  className?: string;
  boxClassName?: string;
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: count }, (_, k) => `box-${k}`).map((k) => (
        <div
          key={k}
          className={cn('animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800', boxClassName)}
        />
      ))}
    </div>
  );
}

export interface LoadableProps<T> {
  query: QueryState<T>;
  /** Shown while nothing has arrived; the common 'Loading...' by default. */
  loading?: ReactNode;
  /** The failure's words (a function gets the error, e.g. for errorMessage), its look and Retry label. */
  error: Omit<LoadErrorProps, 'onRetry' | 'message'> & {
    message: ReactNode | ((error: unknown) => ReactNode);
  };
  /** Whether the answer holds nothing to show (then `empty` is shown instead of the children). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /**
   * A failed refetch after data arrived: keep showing the data (true), or show the error (false,
   * the default, as most screens did).
   */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}

/** Loading, error with retry, empty, or the data of one query. */
export function Loadable<T>({
  query,
  loading,
  error,
  isEmpty,
  empty = null,
  keepDataOnError = false,
  children,
}: LoadableProps<T>) {
  const { t } = useTranslation('common');
  const data = query.data;
  const showError = query.isError && !(keepDataOnError && data !== undefined);
  if (query.isPending && data === undefined && !query.isError)
    return (
      <>
        {loading ?? (
          <p role="status" className="text-sm text-slate-500">
            {t('loading')}
          </p>
        )}
      </>
    );
  if (showError || data === undefined) {
    const { message, ...look } = error;
    return (
      <LoadError
        {...look}
        message={typeof message === 'function' ? message(query.error) : message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
