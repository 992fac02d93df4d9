import { ArrowRight, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn';
import { containerClass, linkButton } from './styles';

export function CallToAction() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className="bg-white py-20 sm:py-24 dark:bg-slate-900">
      <div className={containerClass}>
        <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-orange-800 via-brand-700 to-brand-600 px-6 py-14 text-center shadow-2xl shadow-brand-600/20 sm:px-12 sm:py-16">
          <div
            aria-hidden
            className="pointer-events-none absolute -right-24 -bottom-24 -z-10 h-72 w-72 rounded-full bg-white/10"
          />
          <div
            aria-hidden
            className="pointer-events-none absolute -top-20 -left-20 -z-10 h-56 w-56 rounded-full bg-white/10"
          />
          <h2
            id="cta-title"
            className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            {t('cta.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-orange-50">{t('cta.lead')}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/auth" className={linkButton.light}>
              {t('cta.connect')}
              <ArrowRight className="h-5 w-5" aria-hidden />
            </Link>
            <Link to="/auth/login" className={cn(linkButton.outlineLight)}>
              <LogIn className="h-5 w-5" aria-hidden />
              {t('cta.login')}
            </Link>
          </div>
          <p className="mt-6 text-sm text-orange-50">{t('cta.note')}</p>
        </div>
      </div>
    </section>
  );
}
