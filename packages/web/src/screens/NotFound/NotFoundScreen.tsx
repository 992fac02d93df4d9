import { ArrowLeft, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';

/** Shown for any path the router does not know (spec 000 §2 "Not-found page"). */
export function NotFoundScreen() {
  const { t } = useTranslation('notFound');
  const navigate = useNavigate();

  // React Router numbers its history entries; idx 0 means this tab arrived here directly,
  // so "back" would leave the app: go home instead.
  const goBack = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state && typeof state.idx === 'number' && state.idx > 0) navigate(-1);
    else navigate('/');
  };

  return (
    <div className="flex min-h-screen flex-col bg-linear-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-900 dark:text-slate-100">
      <title>{t('meta.title')}</title>
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-24">
        <div className="w-full max-w-lg text-center">
          <p className="bg-linear-to-r from-brand-600 to-amber-500 bg-clip-text text-8xl font-extrabold tracking-tight text-transparent sm:text-9xl">
            {t('code')}
          </p>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-4 text-lg text-pretty text-slate-600 dark:text-slate-300">{t('body')}</p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/"
              className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-lg shadow-brand-600/20 transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <House className="h-5 w-5" aria-hidden />
              {t('home')}
            </Link>
            <button
              type="button"
              onClick={goBack}
              className="inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
            >
              <ArrowLeft className="h-5 w-5" aria-hidden />
              {t('back')}
            </button>
          </div>
        </div>
      </main>
    </div>
  );
}
