import { Check, FileUp, type LucideIcon, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn';
import { numberedKeys } from './numberedKeys';
import { SectionHeading } from './SectionHeading';
import { containerClass, linkButton, sectionClass } from './styles';

const SOURCES: { id: 'strava' | 'files'; icon: LucideIcon; to: string; points: number }[] = [
  { id: 'strava', icon: RefreshCw, to: '/auth', points: 4 },
  { id: 'files', icon: FileUp, to: '/auth/signup', points: 4 },
];

export function Integration() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="integration"
      aria-labelledby="integration-title"
      className={cn(sectionClass, 'bg-slate-50 py-20 sm:py-24 dark:bg-slate-950')}
    >
      <div className={containerClass}>
        <SectionHeading
          id="integration-title"
          eyebrow={t('integration.eyebrow')}
          title={t('integration.title')}
          lead={t('integration.lead')}
        />
        <ul className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-2">
          {SOURCES.map(({ id, icon: Icon, to, points }) => (
            <li
              key={id}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700 dark:bg-slate-800"
            >
              <div className="flex items-center gap-4">
                <span
                  className={cn(
                    'flex h-12 w-12 shrink-0 items-center justify-center rounded-xl text-white',
                    id === 'strava' ? 'bg-[#fc4c02]' : 'bg-slate-800 dark:bg-slate-600',
                  )}
                >
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                    {t(`integration.sources.${id}.title`)}
                  </h3>
                  <p className="text-sm text-slate-500 dark:text-slate-400">
                    {t(`integration.sources.${id}.subtitle`)}
                  </p>
                </div>
              </div>
              <p className="mt-5 text-slate-600 dark:text-slate-300">{t(`integration.sources.${id}.body`)}</p>
              <ul className="mt-5 flex-1 space-y-2.5">
                {numberedKeys('p', points).map((key) => (
                  <li key={key} className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
                    <span>{t(`integration.sources.${id}.points.${key}`)}</span>
                  </li>
                ))}
              </ul>
              <Link to={to} className={cn(linkButton.secondary, 'mt-6 self-start')}>
                {t(`integration.sources.${id}.action`)}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-6 max-w-3xl text-center text-xs text-slate-500 dark:text-slate-400">
          {t('integration.trademark')}
        </p>
      </div>
    </section>
  );
}
