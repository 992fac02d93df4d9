import { BookOpen, Check, type LucideIcon, ScrollText, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { numberedKeys } from './numberedKeys';
import { SectionHeading } from './SectionHeading';
import { containerClass, sectionClass } from './styles';

const CARDS: { id: string; icon: LucideIcon; points: number }[] = [
  { id: 'sources', icon: BookOpen, points: 6 },
  { id: 'traceable', icon: ScrollText, points: 3 },
  { id: 'validation', icon: ShieldCheck, points: 3 },
];

export function Methodology() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="methodology"
      aria-labelledby="methodology-title"
      className={cn(sectionClass, 'relative isolate overflow-hidden bg-slate-900 py-20 sm:py-24')}
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 -z-10 h-[30rem] w-[60rem] -translate-x-1/2 rounded-full bg-brand-600/20 blur-3xl"
      />
      <div className={containerClass}>
        <SectionHeading
          id="methodology-title"
          tone="dark"
          eyebrow={t('methodology.eyebrow')}
          title={t('methodology.title')}
          lead={t('methodology.lead')}
        />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {CARDS.map(({ id, icon: Icon, points }) => (
            <li
              key={id}
              className="flex flex-col rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 backdrop-blur"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600/20 text-orange-300">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-white">{t(`methodology.cards.${id}.title`)}</h3>
              <p className="mt-2 text-slate-300">{t(`methodology.cards.${id}.body`)}</p>
              <ul className="mt-5 space-y-2.5">
                {numberedKeys('p', points).map((key) => (
                  <li key={key} className="flex items-start gap-2 text-sm text-slate-200">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-orange-300" aria-hidden />
                    <span>{t(`methodology.cards.${id}.points.${key}`)}</span>
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
