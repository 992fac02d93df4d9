import { Check, LogOut } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { updateSettings } from '../../api/endpoints';
import { useAuth } from '../../auth/AuthProvider';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';

const STEPS = ['profile', 'bikes'] as const;

/** The frame of the two onboarding steps, with a 'Step n of 2' progress indicator. */
export function OnboardingLayout({
  step,
  title,
  subtitle,
  children,
}: {
  step: 1 | 2;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('onboarding');
  const { signOut } = useAuth();
  const navigate = useNavigate();

  // Each step starts at the top, not where the previous long form was scrolled to.
  useEffect(() => {
    if (step) window.scrollTo(0, 0);
  }, [step]);

  return (
    <div className="min-h-screen bg-linear-to-b from-brand-50 via-white to-slate-50 text-slate-900 dark:from-slate-900 dark:via-slate-900 dark:to-slate-950 dark:text-slate-100">
      <header className="mx-auto flex w-full max-w-2xl items-center justify-between gap-3 px-4 py-5">
        <Logo to="/onboarding/profile" />
        <div className="flex items-center gap-2">
          <LanguageSwitcher onChange={(language) => void updateSettings({ language }).catch(() => {})} />
          <button
            type="button"
            onClick={async () => {
              await signOut();
              navigate('/');
            }}
            className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <LogOut className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">{t('common:nav.signOut')}</span>
            <span className="sr-only sm:hidden">{t('common:nav.signOut')}</span>
          </button>
        </div>
      </header>

      <main className="mx-auto w-full max-w-2xl px-4 pb-12">
        <nav aria-label={t('progress.label')} className="mb-6">
          <p className="mb-3 text-sm font-semibold text-brand-700 dark:text-brand-500">
            {t('progress.step', { current: step, total: STEPS.length })}
          </p>
          <ol className="grid grid-cols-2 gap-3">
            {STEPS.map((name, index) => {
              const number = index + 1;
              const done = number < step;
              const current = number === step;
              return (
                <li key={name} aria-current={current ? 'step' : undefined}>
                  <div
                    className={cn(
                      'h-1.5 rounded-full',
                      done || current ? 'bg-brand-600' : 'bg-slate-200 dark:bg-slate-700',
                    )}
                  />
                  <p
                    className={cn(
                      'mt-2 flex items-center gap-1.5 text-sm',
                      current
                        ? 'font-semibold text-slate-900 dark:text-white'
                        : 'text-slate-500 dark:text-slate-400',
                    )}
                  >
                    {done && <Check className="h-4 w-4 text-brand-600" aria-hidden />}
                    {t(`progress.${name}`)}
                    {done && <span className="sr-only">({t('progress.done')})</span>}
                  </p>
                </li>
              );
            })}
          </ol>
        </nav>

        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </Card>
      </main>
    </div>
  );
}
