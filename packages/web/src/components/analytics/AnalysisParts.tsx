import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormulaId, formulaHref } from '../../lib/formula-links';
import { cn } from '../ui/cn';

// The small pieces every analysis screen (/analytics, predictive, advanced, comparative, segments)
// draws its figures with, in one place: screens never import from each other's folders.

export type Tone = 'green' | 'blue' | 'slate' | 'amber' | 'red';
const TONES: Record<Tone, string> = {
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-200',
  slate: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[tone])}>
      {children}
    </span>
  );
}

/** A number that links to its definition on the formulas page (issue 13: every number explained). */
export function FormulaLink({
  id,
  children,
  className,
}: {
  id: FormulaId;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('analytics');
  return (
    <a
      href={formulaHref(id)}
      title={t('formulaLink')}
      className={cn(
        'underline decoration-slate-300 decoration-dotted underline-offset-4 hover:decoration-brand-600 dark:decoration-slate-500',
        className,
      )}
    >
      {children}
    </a>
  );
}

/** A labelled figure: the value (linked to its formula), its unit and one line on what it means. */
export function Figure({
  label,
  value,
  unit,
  hint,
  formula,
  badge,
  testId,
}: {
  label: string;
  value: string;
  unit?: string | undefined;
  hint?: ReactNode;
  formula: FormulaId;
  badge?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800"
    >
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {label}
      </p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-1.5 gap-y-1">
        <FormulaLink id={formula} className="text-2xl font-bold text-slate-900 dark:text-white">
          {value}
        </FormulaLink>
        {unit ? <span className="text-sm text-slate-500 dark:text-slate-400">{unit}</span> : null}
        {badge}
      </p>
      {hint ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{hint}</p> : null}
    </div>
  );
}

/** A row of small toggle buttons (period or range). */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
  text,
  testId,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  text: (value: T) => string;
  testId: string;
}) {
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          data-testid={`${testId}-${option}`}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'min-h-8 rounded-md px-2.5 py-1 text-xs font-semibold',
            value === option
              ? 'bg-brand-600 text-white'
              : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-200',
          )}
        >
          {text(option)}
        </button>
      ))}
    </fieldset>
  );
}
