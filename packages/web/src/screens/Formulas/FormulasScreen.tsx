import { ArrowLeft, BookOpen } from 'lucide-react';
import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';
import { FORMULAS_PATH, type FormulaPage, renderFormulaPage } from './formulasMarkdown';
import { loadFormulaMarkdown } from './formulasPages';
import './formulas.css';

type State = { page: string; language: string; doc: FormulaPage | null; docLanguage: string } | null;

const navLink =
  'inline-flex items-center gap-1.5 rounded-lg px-2 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-3 dark:text-slate-300 dark:hover:bg-slate-800';

/**
 * /formulas and /formulas/:page: docs/formulas rendered in the app, so every number's "how it is
 * computed" link (analyticsLoadFormat.ts) lands on its definition and source (issue 13).
 */
export function FormulasScreen() {
  const { page = 'README' } = useParams();
  const { t, i18n } = useTranslation('formulas');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>(null);

  const language = i18n.language === 'es' ? 'es' : 'en';
  useEffect(() => {
    let live = true;
    const load = loadFormulaMarkdown(page, language);
    if (!load) setState({ page, language, doc: null, docLanguage: language });
    else
      void load.then((found) => {
        if (live)
          setState({ page, language, doc: renderFormulaPage(found.markdown), docLanguage: found.language });
      });
    return () => {
      live = false;
    };
  }, [page, language]);

  const current = state?.page === page && state.language === language ? state : undefined;
  const doc = current ? current.doc : undefined;
  // A page not translated yet is shown in English, under a note in the rider's language.
  const docLanguage = current?.docLanguage ?? language;

  // The anchor's heading exists only once the page is rendered: scroll to it then.
  useEffect(() => {
    if (!doc) return;
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
  }, [doc, hash]);

  // Links between pages are plain <a> in the rendered HTML: follow them inside the app, no reload.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith(FORMULAS_PATH) || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };

  const isIndex = page === 'README';
  const title = doc ? doc.title : doc === null ? t('notFound.title') : t('title');

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      <title>{t('metaTitle', { title })}</title>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-700 dark:bg-slate-900/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            <Link to="/" className={navLink}>
              <ArrowLeft className="h-4 w-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">{t('backHome')}</span>
            </Link>
          </div>
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
          <nav aria-label={t('contents')} className="mb-6 lg:mb-0">
            <div className="lg:sticky lg:top-24">
              {!isIndex && (
                <Link
                  to={FORMULAS_PATH}
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-orange-300"
                >
                  <BookOpen className="h-4 w-4" aria-hidden />
                  {t('allFormulas')}
                </Link>
              )}
              {/* On a phone the page itself is the contents: the list would push the formulas down. */}
              {doc && doc.sections.length > 0 && (
                <div className="mt-4 hidden first:mt-0 sm:block">
                  <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                    {t('contents')}
                  </h2>
                  <ol className="mt-3 space-y-1.5 border-l border-slate-200 text-sm dark:border-slate-700">
                    {doc.sections.map((section) => (
                      <li key={section.id}>
                        <a
                          href={`#${section.id}`}
                          className="-ml-px block border-l-2 border-transparent py-0.5 pl-3 text-slate-600 hover:border-brand-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:text-white"
                        >
                          {section.title}
                        </a>
                      </li>
                    ))}
                  </ol>
                </div>
              )}
            </div>
          </nav>

          <article className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-10 dark:border-slate-700 dark:bg-slate-800">
            {doc && docLanguage !== language && (
              <p
                data-testid="formulas-not-translated"
                lang={language}
                className="mb-6 rounded-lg bg-brand-50 px-4 py-2 text-sm text-slate-700 dark:bg-slate-900/60 dark:text-slate-300"
              >
                {t('notTranslated')}
              </p>
            )}
            {doc === undefined && (
              <p role="status" className="text-slate-500 dark:text-slate-400">
                {t('loading')}
              </p>
            )}
            {doc === null && (
              <div>
                <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('notFound.title')}</h1>
                <p className="mt-3 text-slate-600 dark:text-slate-300">{t('notFound.body')}</p>
              </div>
            )}
            {doc && (
              <div
                lang={docLanguage}
                className="formulas-doc"
                onClick={onClick}
                // The markdown is ours, bundled at build time (formulasPages.ts), not user input.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted build-time content
                dangerouslySetInnerHTML={{ __html: doc.html }}
              />
            )}
          </article>
        </div>
      </main>
    </div>
  );
}
