import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { SectionHeading } from './SectionHeading';
import { containerClass, sectionClass } from './styles';

type Level = 'full' | 'partial' | 'none';
const PRODUCTS = ['vatio', 'platformA', 'proAnalysis', 'subscriptionApp'] as const;
type Product = (typeof PRODUCTS)[number];

/**
 * Vatio against three generic kinds of product (no real competitor is named). The alternatives'
 * marks describe what is typical of that kind of product; the footnote says so.
 */
const ROWS: { id: string; levels: Record<Product, Level> }[] = [
  {
    id: 'power',
    levels: { vatio: 'full', platformA: 'full', proAnalysis: 'full', subscriptionApp: 'partial' },
  },
  {
    id: 'aero',
    levels: { vatio: 'full', platformA: 'none', proAnalysis: 'partial', subscriptionApp: 'none' },
  },
  {
    id: 'biomechanics',
    levels: { vatio: 'full', platformA: 'partial', proAnalysis: 'full', subscriptionApp: 'partial' },
  },
  {
    id: 'export',
    levels: { vatio: 'full', platformA: 'partial', proAnalysis: 'partial', subscriptionApp: 'partial' },
  },
  {
    id: 'openSource',
    levels: { vatio: 'full', platformA: 'none', proAnalysis: 'none', subscriptionApp: 'none' },
  },
];

const LEVEL_ICON = { full: CircleCheck, partial: CircleMinus, none: CircleX } as const;
const LEVEL_COLOUR: Record<Level, string> = {
  full: 'text-emerald-600 dark:text-emerald-400',
  partial: 'text-amber-500 dark:text-amber-400',
  none: 'text-slate-400 dark:text-slate-500',
};

/** The mark is an icon and a word, so it does not depend on colour or on seeing the icon. */
function Mark({ level, compact = false }: { level: Level; compact?: boolean }) {
  const { t } = useTranslation('landing');
  const Icon = LEVEL_ICON[level];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5',
        compact ? 'text-sm' : 'flex-col gap-1 text-xs sm:flex-row sm:text-sm',
      )}
    >
      <Icon className={cn('h-5 w-5 shrink-0', LEVEL_COLOUR[level])} aria-hidden />
      <span
        className={
          level === 'none' ? 'text-slate-500 dark:text-slate-400' : 'text-slate-700 dark:text-slate-200'
        }
      >
        {t(`comparison.levels.${level}`)}
      </span>
    </span>
  );
}

export function ComparisonTable() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="comparison"
      aria-labelledby="comparison-title"
      className={cn(sectionClass, 'bg-white py-20 sm:py-24 dark:bg-slate-900')}
    >
      <div className={containerClass}>
        <SectionHeading
          id="comparison-title"
          eyebrow={t('comparison.eyebrow')}
          title={t('comparison.title')}
          lead={t('comparison.lead')}
        />

        {/* Wide screens: a real table. */}
        <div className="mx-auto mt-12 hidden max-w-6xl overflow-hidden rounded-2xl border border-slate-200 shadow-sm md:block dark:border-slate-700">
          <table className="w-full table-fixed text-left">
            <caption className="sr-only">{t('comparison.caption')}</caption>
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th
                  scope="col"
                  className="w-[28%] px-5 py-4 text-sm font-semibold text-slate-500 dark:text-slate-400"
                >
                  {t('comparison.featureColumn')}
                </th>
                {PRODUCTS.map((product) => (
                  <th
                    key={product}
                    scope="col"
                    className={cn(
                      'px-4 py-4 text-center align-bottom',
                      product === 'vatio' && 'bg-brand-50 dark:bg-brand-600/10',
                    )}
                  >
                    <span
                      className={cn(
                        'block text-sm font-semibold',
                        product === 'vatio'
                          ? 'text-brand-700 dark:text-orange-300'
                          : 'text-slate-900 dark:text-white',
                      )}
                    >
                      {t(`comparison.products.${product}.name`)}
                    </span>
                    <span className="mt-0.5 block text-xs font-normal text-slate-500 dark:text-slate-400">
                      {t(`comparison.products.${product}.price`)}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {ROWS.map((row) => (
                <tr key={row.id} className="bg-white dark:bg-slate-900">
                  <th scope="row" className="px-5 py-4 align-top">
                    <span className="block font-semibold text-slate-900 dark:text-white">
                      {t(`comparison.rows.${row.id}.title`)}
                    </span>
                    <span className="mt-0.5 block text-sm font-normal text-slate-500 dark:text-slate-400">
                      {t(`comparison.rows.${row.id}.detail`)}
                    </span>
                  </th>
                  {PRODUCTS.map((product) => (
                    <td
                      key={product}
                      className={cn(
                        'px-4 py-4 text-center align-middle',
                        product === 'vatio' && 'bg-brand-50/60 dark:bg-brand-600/5',
                      )}
                    >
                      <Mark level={row.levels[product]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        {/* Narrow screens: one card per category, the same information. */}
        <ul className="mt-10 space-y-4 md:hidden">
          {ROWS.map((row) => (
            <li
              key={row.id}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-800"
            >
              <h3 className="font-semibold text-slate-900 dark:text-white">
                {t(`comparison.rows.${row.id}.title`)}
              </h3>
              <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
                {t(`comparison.rows.${row.id}.detail`)}
              </p>
              <dl className="mt-4 divide-y divide-slate-100 dark:divide-slate-700">
                {PRODUCTS.map((product) => (
                  <div
                    key={product}
                    className={cn(
                      'flex items-center justify-between gap-3 py-2',
                      product === 'vatio' && '-mx-2 rounded-lg bg-brand-50 px-2 dark:bg-brand-600/10',
                    )}
                  >
                    <dt className="min-w-0 text-sm">
                      <span
                        className={cn(
                          'block font-medium',
                          product === 'vatio'
                            ? 'text-brand-700 dark:text-orange-300'
                            : 'text-slate-800 dark:text-slate-100',
                        )}
                      >
                        {t(`comparison.products.${product}.name`)}
                      </span>
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {t(`comparison.products.${product}.price`)}
                      </span>
                    </dt>
                    <dd className="shrink-0">
                      <Mark level={row.levels[product]} compact />
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>

        <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-slate-500 dark:text-slate-400">
          {t('comparison.footnote')}
        </p>
      </div>
    </section>
  );
}
