import { ChartLine, CloudUpload, Lightbulb, type LucideIcon, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { SectionHeading } from './SectionHeading';
import { containerClass, sectionClass } from './styles';

const STEPS: { id: string; icon: LucideIcon }[] = [
  { id: 'account', icon: UserPlus },
  { id: 'connect', icon: CloudUpload },
  { id: 'analysis', icon: ChartLine },
  { id: 'insights', icon: Lightbulb },
];

export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className={cn(sectionClass, 'bg-white py-20 sm:py-24 dark:bg-slate-900')}
    >
      <div className={containerClass}>
        <SectionHeading
          id="how-it-works-title"
          eyebrow={t('howItWorks.eyebrow')}
          title={t('howItWorks.title')}
          lead={t('howItWorks.lead')}
        />
        <div className="relative mt-14">
          <div
            aria-hidden
            className="absolute top-7 right-[12.5%] left-[12.5%] hidden h-0.5 bg-linear-to-r from-brand-100 via-brand-500 to-brand-100 lg:block"
          />
          <ol className="relative grid gap-10 md:grid-cols-2 lg:grid-cols-4 lg:gap-6">
            {STEPS.map(({ id, icon: Icon }, i) => (
              <li key={id} className="relative flex flex-col items-center text-center">
                <span className="relative flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/30 ring-8 ring-white dark:ring-slate-900">
                  <Icon className="h-6 w-6" aria-hidden />
                  <span className="absolute -top-2 -right-2 flex h-6 w-6 items-center justify-center rounded-full bg-slate-900 text-xs font-bold text-white dark:bg-white dark:text-slate-900">
                    {i + 1}
                  </span>
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">
                  <span className="sr-only">{t('howItWorks.stepLabel', { n: i + 1 })} </span>
                  {t(`howItWorks.steps.${id}.title`)}
                </h3>
                <p className="mt-2 max-w-xs text-slate-600 dark:text-slate-300">
                  {t(`howItWorks.steps.${id}.body`)}
                </p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
