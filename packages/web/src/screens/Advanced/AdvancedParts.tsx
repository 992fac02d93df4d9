import type { AdvancedResponse } from '@vatio/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '../../api/client';
import { cn } from '../../components/ui/cn';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { type FormulaId, formulaHref } from '../../lib/formula-links';

// The look of the other analysis screens (screens/Analytics), repeated here: screens never import
// from each other's folders.

export type Tone = 'green' | 'blue' | 'slate' | 'amber' | 'red';
const TONES: Record<Tone, string> = {
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-200',
  slate: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

/** 0–100 scores: ≥ 70 green, ≥ 40 amber, else red. */
export const scoreTone = (score: number): Tone => (score >= 70 ? 'green' : score >= 40 ? 'amber' : 'red');

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[tone])}>
      {children}
    </span>
  );
}

/** A number that links to its definition on the formulas page. */
export function FormulaLink({
  id,
  children,
  className,
}: {
  id: FormulaId;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('advanced');
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

/** A section of a tab: a heading and its content in a card. */
export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800"
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

/** What the data lacks for a tab's figures, in words. */
export function Needs({ needs, testId }: { needs: AdvancedResponse['needs']; testId?: string }) {
  const { t } = useTranslation('advanced');
  if (needs.length === 0) return null;
  return (
    <ul
      data-testid={testId}
      className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-900/50 dark:text-slate-300"
    >
      {needs.map((need) => (
        <li key={need}>• {t(`needs.${need}`)}</li>
      ))}
    </ul>
  );
}

/** A row of small toggle buttons (the period). */
export function Segmented<T extends string>({
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

/** Signed out: the built-in example rider, said plainly, with a way in (words of /analytics). */
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

/** While the example rider is generated (503 EXAMPLE_PREPARING). */
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
