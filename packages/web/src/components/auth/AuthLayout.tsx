import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { Logo } from '../Logo';
import { Card } from '../ui/Card';

/** The frame of the sign-in screens: logo and language on top, one centred card. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex min-h-screen flex-col bg-linear-to-b from-brand-50 via-white to-slate-50 text-slate-900 dark:from-slate-900 dark:via-slate-900 dark:to-slate-950 dark:text-slate-100">
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-4 py-5">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 pb-12">
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          {subtitle && <div className="mt-2 text-sm text-slate-600 dark:text-slate-300">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </Card>
        {footer && (
          <div className="mt-6 space-y-3 text-center text-sm text-slate-600 dark:text-slate-300">
            {footer}
          </div>
        )}
        <p className="mt-6 text-center">
          <Link
            to="/"
            className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            {t('backHome')}
          </Link>
        </p>
      </main>
    </div>
  );
}

/** A short 'Loading...' screen while the stored session is being checked. */
export function AuthChecking() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-slate-500">
      {t('loading')}
    </div>
  );
}
