import { LayoutDashboard, LogIn, LogOut, Menu, User, UserPlus, X } from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { updateSettings } from '../../api/endpoints';
import { useAuth } from '../../auth/AuthProvider';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';
import { cn } from '../../components/ui/cn';
import { HashLink } from './HashLink';
import { containerClass, linkButton } from './styles';
import { NAV_SHADOW_THRESHOLD_PX, useScrolledPast } from '../../hooks/useScrollPosition';

/** The in-page sections the bar links to, by element id. */
export const LANDING_SECTIONS = ['features', 'demo', 'comparison', 'methodology', 'how-it-works'] as const;
type Section = (typeof LANDING_SECTIONS)[number];

const sectionKey: Record<Section, string> = {
  features: 'nav.features',
  demo: 'nav.demo',
  comparison: 'nav.comparison',
  methodology: 'nav.methodology',
  'how-it-works': 'nav.howItWorks',
};

const mobileItem =
  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-200 dark:hover:bg-slate-800';

export function LandingNav() {
  const { t } = useTranslation('landing');
  const { user, signOut } = useAuth();
  const scrolled = useScrolledPast(NAV_SHADOW_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  // Escape closes the menu; so does growing past the md breakpoint, where the menu has no toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    const wide = window.matchMedia('(min-width: 768px)');
    const onWide = () => {
      if (wide.matches) setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      window.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [menuOpen]);

  const handleSignOut = async () => {
    closeMenu();
    await signOut();
  };

  const saveLanguage = user
    ? (language: 'es' | 'en') => void updateSettings({ language }).catch(() => {})
    : undefined;

  return (
    <header
      data-testid="landing-nav"
      data-scrolled={scrolled || undefined}
      className={cn(
        'sticky top-0 z-40 border-b bg-white/85 backdrop-blur-md transition-shadow duration-200 dark:bg-slate-900/85',
        scrolled
          ? 'border-slate-200 shadow-md shadow-slate-900/5 dark:border-slate-700'
          : 'border-transparent shadow-none',
      )}
    >
      <div className={cn(containerClass, 'flex h-16 items-center justify-between gap-3')}>
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <Logo />
          {/* Below sm the bar has no room for it beside the language selector and the menu: at 390 px
              the Spanish "Análisis avanzado" ran under the selector. */}
          <span
            className="hidden rounded-full bg-linear-to-r from-brand-600 to-amber-500 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white shadow-sm sm:inline"
            data-testid="landing-badge"
          >
            {t('nav.badge')}
          </span>
        </div>

        <nav aria-label={t('nav.sectionsLabel')} className="hidden items-center gap-1 xl:flex">
          {LANDING_SECTIONS.map((id) => (
            <HashLink
              key={id}
              to={id}
              className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              {t(sectionKey[id])}
            </HashLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          <LanguageSwitcher onChange={saveLanguage} />
          <nav aria-label={t('nav.accountLabel')} className="hidden items-center gap-1 md:flex">
            {user ? (
              <Fragment key="user">
                <Link to="/dashboard" className={linkButton.smallGhost}>
                  <LayoutDashboard className="h-4 w-4" aria-hidden />
                  {t('nav.dashboard')}
                </Link>
                <Link to="/profile" className={linkButton.smallGhost}>
                  <User className="h-4 w-4" aria-hidden />
                  {t('nav.profile')}
                </Link>
                <button type="button" onClick={handleSignOut} className={linkButton.smallGhost}>
                  <LogOut className="h-4 w-4" aria-hidden />
                  {t('nav.logout')}
                </button>
              </Fragment>
            ) : (
              <Fragment key="guest">
                <Link to="/auth/login" className={linkButton.smallGhost}>
                  {t('nav.login')}
                </Link>
                <Link to="/auth/signup" className={linkButton.smallPrimary}>
                  {t('nav.signup')}
                </Link>
              </Fragment>
            )}
          </nav>
          <button
            type="button"
            data-testid="mobile-menu-toggle"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="landing-mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
          </button>
        </div>
      </div>

      <div
        id="landing-mobile-menu"
        hidden={!menuOpen}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-xl md:hidden dark:border-slate-700 dark:bg-slate-900"
      >
        <nav aria-label={t('nav.sectionsLabel')} className="grid gap-1">
          {LANDING_SECTIONS.map((id) => (
            <HashLink key={id} to={id} onNavigate={closeMenu} className={mobileItem}>
              {t(sectionKey[id])}
            </HashLink>
          ))}
        </nav>
        <nav
          aria-label={t('nav.accountLabel')}
          className="mt-2 grid gap-1 border-t border-slate-200 pt-2 dark:border-slate-700"
        >
          {user ? (
            <Fragment key="user">
              <Link to="/dashboard" onClick={closeMenu} className={mobileItem}>
                <LayoutDashboard className="h-5 w-5" aria-hidden />
                {t('nav.dashboard')}
              </Link>
              <Link to="/profile" onClick={closeMenu} className={mobileItem}>
                <User className="h-5 w-5" aria-hidden />
                {t('nav.profile')}
              </Link>
              <button type="button" onClick={handleSignOut} className={cn(mobileItem, 'w-full text-left')}>
                <LogOut className="h-5 w-5" aria-hidden />
                {t('nav.logout')}
              </button>
            </Fragment>
          ) : (
            <Fragment key="guest">
              <Link to="/auth/login" onClick={closeMenu} className={mobileItem}>
                <LogIn className="h-5 w-5" aria-hidden />
                {t('nav.login')}
              </Link>
              <Link
                to="/auth/signup"
                onClick={closeMenu}
                className={cn(linkButton.primary, 'mt-1 w-full py-2.5 text-base')}
              >
                <UserPlus className="h-5 w-5" aria-hidden />
                {t('nav.signup')}
              </Link>
            </Fragment>
          )}
        </nav>
      </div>
    </header>
  );
}
