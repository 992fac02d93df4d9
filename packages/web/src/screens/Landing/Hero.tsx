import { ArrowRight, CircleCheck, CirclePlay, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn';
import { HashLink } from './HashLink';
import { SampleRideCard } from './SampleRideCard';
import { containerClass, linkButton } from './styles';

const BULLETS = ['metrics', 'aero', 'pedalling', 'export'] as const;

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-linear-to-b from-brand-50 via-white to-white dark:from-slate-900 dark:via-slate-900 dark:to-slate-900"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 right-[-10rem] -z-10 h-[28rem] w-[28rem] rounded-full bg-orange-200/50 blur-3xl dark:bg-brand-600/10"
      />
      <div
        className={cn(
          containerClass,
          'grid items-center gap-12 pt-12 pb-16 sm:pt-16 lg:grid-cols-2 lg:gap-16 lg:pb-20',
        )}
      >
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm dark:border-slate-700 dark:bg-slate-800 dark:text-orange-300">
            <Sparkles className="h-4 w-4" aria-hidden />
            {t('hero.badge')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl xl:text-6xl dark:text-white"
          >
            {t('hero.titleStart')}{' '}
            <span className="bg-linear-to-r from-brand-600 to-amber-500 bg-clip-text text-transparent">
              {t('hero.titleHighlight')}
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600 dark:text-slate-300">
            {t('hero.lead')}
          </p>

          <ul className="mt-8 grid gap-3 sm:grid-cols-2">
            {BULLETS.map((key) => (
              <li key={key} className="flex items-start gap-2 text-slate-700 dark:text-slate-200">
                <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                <span>{t(`hero.bullets.${key}`)}</span>
              </li>
            ))}
          </ul>

          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link to="/auth/signup" data-testid="hero-signup" className={linkButton.primary}>
              {t('hero.primaryCta')}
              <ArrowRight className="h-5 w-5" aria-hidden />
            </Link>
            <HashLink to="demo" className={linkButton.secondary}>
              <CirclePlay className="h-5 w-5" aria-hidden />
              {t('hero.secondaryCta')}
            </HashLink>
          </div>
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t('hero.reassurance')}</p>
        </div>

        <div className="relative mx-auto w-full max-w-md lg:max-w-none">
          <SampleRideCard />
        </div>
      </div>
    </section>
  );
}
