import { FlaskConical, GraduationCap, type LucideIcon, Quote, Trophy, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { SectionHeading } from './SectionHeading';
import { containerClass, sectionClass } from './styles';

/** Illustrative use cases, not quotes: each is a scenario Vatio's features support today. */
const USE_CASES = ['timeTrial', 'history', 'lab'] as const;

const AUDIENCES: { id: string; icon: LucideIcon }[] = [
  { id: 'riders', icon: Trophy },
  { id: 'coaches', icon: Users },
  { id: 'scientists', icon: FlaskConical },
];

/** Statements that are true of Vatio itself; no user counts. */
const STATS = ['price', 'languages', 'formats', 'formulas'] as const;

export function Testimonials() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="use-cases"
      aria-labelledby="use-cases-title"
      className={cn(sectionClass, 'bg-slate-50 py-20 sm:py-24 dark:bg-slate-950')}
    >
      <div className={containerClass}>
        <SectionHeading
          id="use-cases-title"
          eyebrow={t('useCases.eyebrow')}
          title={t('useCases.title')}
          lead={t('useCases.lead')}
        />

        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {USE_CASES.map((id) => (
            <li
              key={id}
              className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-800"
            >
              <div className="flex items-center justify-between gap-3">
                <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 dark:bg-brand-600/10 dark:text-orange-300">
                  {t('useCases.badge')}
                </span>
                <Quote className="h-6 w-6 text-brand-100 dark:text-slate-600" aria-hidden />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                {t(`useCases.items.${id}.title`)}
              </h3>
              <p className="mt-1 text-sm font-medium text-slate-500 dark:text-slate-400">
                {t(`useCases.items.${id}.who`)}
              </p>
              <p className="mt-4 flex-1 text-slate-600 dark:text-slate-300">
                {t(`useCases.items.${id}.story`)}
              </p>
              <p className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-200">
                <span className="font-semibold">{t('useCases.usesLabel')}</span>{' '}
                {t(`useCases.items.${id}.uses`)}
              </p>
            </li>
          ))}
        </ul>

        <h3 className="mt-20 text-center text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t('audiences.title')}
        </h3>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map(({ id, icon: Icon }) => (
            <li
              key={id}
              className="rounded-2xl bg-linear-to-br from-white to-brand-50 p-6 ring-1 ring-slate-200 dark:from-slate-800 dark:to-slate-800 dark:ring-slate-700"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-600 text-white">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <h4 className="mt-4 font-semibold text-slate-900 dark:text-white">
                {t(`audiences.items.${id}.title`)}
              </h4>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{t(`audiences.items.${id}.body`)}</p>
            </li>
          ))}
        </ul>

        <div className="mt-16 rounded-3xl bg-slate-900 px-6 py-10 sm:px-10 dark:bg-slate-800">
          <h3 className="sr-only">{t('stats.title')}</h3>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-4">
            {STATS.map((id) => (
              <div key={id} className="flex flex-col-reverse gap-1 text-center">
                <dt className="text-sm text-slate-300">{t(`stats.items.${id}.label`)}</dt>
                <dd className="text-2xl font-bold tracking-tight text-balance text-white xl:text-3xl">
                  <span className="bg-linear-to-r from-orange-300 to-amber-200 bg-clip-text text-transparent">
                    {t(`stats.items.${id}.value`)}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <p className="mt-3 flex items-center justify-center gap-1.5 text-center text-xs text-slate-500 dark:text-slate-400">
          <GraduationCap className="h-4 w-4 shrink-0" aria-hidden />
          {t('stats.note')}
        </p>
      </div>
    </section>
  );
}
