import { ArrowLeft, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';
import { cn } from '../../components/ui/cn';
import { SUPPORT_EMAIL } from '../../lib/supportEmail';

type LegalDocument = 'terms' | 'privacy';

type Block = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

interface Section {
  title: string;
  blocks: Block[];
}

type Messages = { [key: string]: string | Messages };

function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a document's sections from the `legal` namespace. Each section is an object with a title;
 * its other entries, in file order, are paragraphs (strings) or bulleted lists (objects of strings).
 */
function readSections(raw: unknown): { id: string; section: Section }[] {
  if (!isMessages(raw)) return [];
  return Object.entries(raw).flatMap(([id, value]) => {
    if (!isMessages(value) || typeof value.title !== 'string') return [];
    const blocks = Object.entries(value).flatMap(([key, entry]): Block[] => {
      if (key === 'title') return [];
      if (typeof entry === 'string') return [{ kind: 'paragraph', text: entry }];
      const items = Object.values(entry).filter((item): item is string => typeof item === 'string');
      return items.length > 0 ? [{ kind: 'list', items }] : [];
    });
    return [{ id, section: { title: value.title, blocks } }];
  });
}

/** /terms and /privacy: the terms of use and the privacy policy of this Vatio installation. */
export function LegalScreen({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const other: LegalDocument = document === 'terms' ? 'privacy' : 'terms';
  const values = { email: SUPPORT_EMAIL };
  const sections = readSections(t(`${document}.sections`, { returnObjects: true, ...values }));

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      <title>{t(`${document}.metaTitle`)}</title>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-700 dark:bg-slate-900/90">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            <Link
              to="/"
              className="inline-flex items-center gap-1.5 rounded-lg px-2 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-3 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">{t('backHome')}</span>
            </Link>
          </div>
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:py-14">
        <div className="lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
          <nav aria-labelledby="legal-toc-title" className="mb-8 lg:mb-0">
            <div className="lg:sticky lg:top-24">
              <h2
                id="legal-toc-title"
                className="text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400"
              >
                {t('contents')}
              </h2>
              <ol className="mt-3 space-y-1.5 border-l border-slate-200 text-sm dark:border-slate-700">
                {sections.map(({ id, section }) => (
                  <li key={id}>
                    <a
                      href={`#${id}`}
                      className="-ml-px block border-l-2 border-transparent py-0.5 pl-3 text-slate-600 hover:border-brand-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:text-white"
                    >
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
              <p className="mt-6 text-sm">
                <Link
                  to={`/${other}`}
                  className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-orange-300"
                >
                  {t(`${other}.title`)}
                </Link>
              </p>
            </div>
          </nav>

          <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-10 dark:border-slate-700 dark:bg-slate-800">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
              {t(`${document}.title`)}
            </h1>
            <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('updated')}</p>
            <p className="mt-6 text-base text-pretty text-slate-700 sm:text-lg dark:text-slate-200">
              {t(`${document}.intro`, values)}
            </p>

            {sections.map(({ id, section }, index) => (
              <section key={id} id={id} aria-labelledby={`${id}-title`} className="mt-10 scroll-mt-24">
                <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900 dark:text-white">
                  <span className="mr-2 text-brand-600 tabular-nums">{index + 1}.</span>
                  {section.title}
                </h2>
                {section.blocks.map((block) =>
                  block.kind === 'paragraph' ? (
                    <p key={block.text} className="mt-3 leading-relaxed text-slate-700 dark:text-slate-300">
                      {block.text}
                    </p>
                  ) : (
                    <ul
                      key={block.items.join('|')}
                      className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed text-slate-700 marker:text-brand-500 dark:text-slate-300"
                    >
                      {block.items.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ),
                )}
              </section>
            ))}

            <div className="mt-12 rounded-xl bg-brand-50 p-5 dark:bg-slate-900/60">
              <p className="font-medium text-slate-900 dark:text-white">{t('contactTitle')}</p>
              <p className="mt-1 text-slate-700 dark:text-slate-300">
                {t('contactBody')}{' '}
                <a
                  href={`mailto:${SUPPORT_EMAIL}`}
                  className="font-medium break-all text-brand-700 underline underline-offset-4 dark:text-orange-300"
                >
                  {SUPPORT_EMAIL}
                </a>
              </p>
            </div>

            <div className="mt-10 flex flex-col gap-3 border-t border-slate-200 pt-8 sm:flex-row dark:border-slate-700">
              <Link
                to="/"
                className={cn(
                  'inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 transition hover:bg-slate-50',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
                )}
              >
                <ArrowLeft className="h-5 w-5" aria-hidden />
                {t('backHome')}
              </Link>
              <Link
                to="/auth/signup"
                className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <UserPlus className="h-5 w-5" aria-hidden />
                {t('signup')}
              </Link>
            </div>
          </article>
        </div>
      </main>
    </div>
  );
}
