import { Activity, Gauge, HeartPulse, type LucideIcon, Mountain, Target, Wind } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { numberedKeys } from './numberedKeys';
import { SectionHeading } from './SectionHeading';
import { containerClass, sectionClass } from './styles';

const FEATURES: { id: string; icon: LucideIcon; tags: number }[] = [
  { id: 'training', icon: Activity, tags: 5 },
  { id: 'biomechanics', icon: Target, tags: 3 },
  { id: 'efficiency', icon: Gauge, tags: 2 },
  { id: 'heart', icon: HeartPulse, tags: 3 },
  { id: 'environment', icon: Wind, tags: 3 },
  { id: 'profile', icon: Mountain, tags: 4 },
];

export function Features() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className={cn(sectionClass, 'bg-white py-20 sm:py-24 dark:bg-slate-900')}
    >
      <div className={containerClass}>
        <SectionHeading
          id="features-title"
          eyebrow={t('features.eyebrow')}
          title={t('features.title')}
          lead={t('features.lead')}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ id, icon: Icon, tags }) => (
            <li
              key={id}
              className="group flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-100 hover:shadow-lg dark:border-slate-700 dark:bg-slate-800"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 transition group-hover:bg-brand-600 group-hover:text-white dark:bg-slate-700">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">
                {t(`features.items.${id}.title`)}
              </h3>
              <p className="mt-2 flex-1 text-slate-600 dark:text-slate-300">
                {t(`features.items.${id}.body`)}
              </p>
              <ul className="mt-5 flex flex-wrap gap-2" aria-label={t('features.tagsLabel')}>
                {numberedKeys('t', tags).map((key) => (
                  <li
                    key={key}
                    className="rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200"
                  >
                    {t(`features.items.${id}.tags.${key}`)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
