import { Mail, ShieldCheck, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { Logo } from '../../components/Logo';
import { cn } from '../../components/ui/cn';
import { containerClass, focusRing } from './styles';
import { SUPPORT_EMAIL } from '../../lib/supportEmail';

const footerLink = cn(focusRing, 'text-sm text-slate-400 transition hover:text-white');

function Column({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div>
      <h3 id={id} className="text-sm font-semibold tracking-wide text-white">
        {title}
      </h3>
      <ul aria-labelledby={id} className="mt-4 space-y-3">
        {children}
      </ul>
    </div>
  );
}

export function LandingFooter() {
  const { t } = useTranslation('landing');
  const { user } = useAuth();
  const year = new Date().getFullYear();
  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('footer.support.subject'))}`;

  return (
    <footer className="bg-slate-950 text-slate-300">
      <h2 id="footer-title" className="sr-only">
        {t('footer.title')}
      </h2>
      <div className={cn(containerClass, 'py-14')}>
        <div className="grid grid-cols-2 gap-x-8 gap-y-10 lg:grid-cols-5">
          <div className="col-span-2">
            <div className="[&_a]:text-white">
              <Logo />
            </div>
            <p className="mt-4 max-w-sm text-sm text-slate-400">{t('footer.tagline')}</p>
            <ul className="mt-6 flex flex-wrap gap-2">
              <li className="inline-flex items-center gap-1.5 rounded-full bg-brand-600/15 px-3 py-1 text-xs font-medium text-orange-300 ring-1 ring-brand-600/30">
                <Sparkles className="h-3.5 w-3.5" aria-hidden />
                {t('footer.badges.beta')}
              </li>
              <li className="inline-flex items-center gap-1.5 rounded-full bg-emerald-500/10 px-3 py-1 text-xs font-medium text-emerald-300 ring-1 ring-emerald-500/30">
                <ShieldCheck className="h-3.5 w-3.5" aria-hidden />
                {t('footer.badges.secure')}
              </li>
            </ul>
          </div>

          <Column id="footer-analysis" title={t('footer.analysis.title')}>
            <li>
              <Link to="/dashboard" className={footerLink}>
                {t('footer.analysis.dashboard')}
              </Link>
            </li>
            <li>
              <Link to="/analytics" className={footerLink}>
                {t('footer.analysis.analytics')}
              </Link>
            </li>
            <li>
              <Link to="/bikes" className={footerLink}>
                {t('footer.analysis.bikes')}
              </Link>
            </li>
          </Column>

          <Column id="footer-platform" title={t('footer.platform.title')}>
            <li>
              <Link to="/auth" className={footerLink}>
                {t('footer.platform.connect')}
              </Link>
            </li>
            <li>
              <Link to="/auth/signup" className={footerLink}>
                {t('footer.platform.beta')}
              </Link>
            </li>
            {user && (
              <li>
                <Link to="/profile" className={footerLink}>
                  {t('footer.platform.profile')}
                </Link>
              </li>
            )}
            <li>
              <Link to="/terms" className={footerLink}>
                {t('footer.platform.terms')}
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLink}>
                {t('footer.platform.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/formulas" className={footerLink}>
                {t('footer.platform.formulas')}
              </Link>
            </li>
            <li>
              {/* Served by the API server itself (not a page of this app): a plain link, full load. */}
              <a href="/api/docs" className={footerLink}>
                {t('footer.platform.api')}
              </a>
            </li>
          </Column>

          <div className="col-span-2 lg:col-span-1">
            <Column id="footer-support" title={t('footer.support.title')}>
              <li className="text-sm text-slate-400">{t('footer.support.topics.metrics')}</li>
              <li className="text-sm text-slate-400">{t('footer.support.topics.import')}</li>
              <li className="text-sm text-slate-400">{t('footer.support.topics.account')}</li>
            </Column>
            <a
              href={mailto}
              className="mt-5 inline-flex items-center gap-2 rounded-lg border border-slate-700 px-3 py-2 text-sm font-medium text-white transition hover:border-slate-500 hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <Mail className="h-4 w-4" aria-hidden />
              {t('footer.support.contact')}
            </a>
            <p className="mt-2 text-xs break-all text-slate-500">{SUPPORT_EMAIL}</p>
          </div>
        </div>

        <div className="mt-12 flex flex-col gap-3 border-t border-slate-800 pt-8 text-sm text-slate-500 md:flex-row md:items-center md:justify-between">
          <p>{t('footer.copyright', { year })}</p>
          <p>{t('footer.license')}</p>
        </div>
      </div>
    </footer>
  );
}
