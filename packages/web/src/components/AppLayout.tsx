import {
  Activity,
  Bike,
  CalendarDays,
  ChartLine,
  HeartPulse,
  LayoutDashboard,
  LogOut,
  Menu,
  Settings,
  UploadCloud,
  User,
  X,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { updateSettings } from '../api/endpoints';
import { useAuth } from '../auth/AuthProvider';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { cn } from './ui/cn';

const NAV = [
  { to: '/dashboard', key: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/activities', key: 'activities:nav', icon: Activity },
  { to: '/analytics', key: 'nav.analytics', icon: ChartLine },
  { to: '/training-plan', key: 'nav.plan', icon: CalendarDays },
  { to: '/bikes', key: 'bikes:nav', icon: Bike },
  { to: '/sync', key: 'sync:nav', icon: UploadCloud },
  { to: '/profile', key: 'nav.profile', icon: User },
  { to: '/settings', key: 'nav.settings', icon: Settings },
] as const;

/** The frame of every signed-in screen: top bar with navigation, language and sign-out. */
export function AppLayout() {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);

  // Leave the guarded page first: signing out under the route guard would send the rider to login.
  const handleSignOut = async () => {
    navigate('/', { replace: true });
    await signOut();
  };

  const links = NAV.map(({ to, key, icon: Icon }) => (
    <NavLink
      key={to}
      to={to}
      onClick={() => setMenuOpen(false)}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium',
          isActive
            ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-500'
            : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
        )
      }
    >
      <Icon className="h-4 w-4" aria-hidden />
      {t(key)}
    </NavLink>
  ));

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-900 dark:text-slate-100">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-700 dark:bg-slate-900/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Logo to="/dashboard" />
          <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
            {links}
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSwitcher onChange={(language) => void updateSettings({ language }).catch(() => {})} />
            {/* System health (/dashboard/health): an icon here, a line in the phone menu. */}
            <NavLink
              to="/dashboard/health"
              aria-label={t('nav.health')}
              title={t('nav.health')}
              data-testid="nav-health"
              className={({ isActive }) =>
                cn(
                  'hidden rounded-lg p-2 md:flex',
                  isActive
                    ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-500'
                    : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                )
              }
            >
              <HeartPulse className="h-4 w-4" aria-hidden />
            </NavLink>
            <button
              type="button"
              onClick={handleSignOut}
              className="hidden items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 md:flex dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <LogOut className="h-4 w-4" aria-hidden />
              {t('nav.signOut')}
            </button>
            <button
              type="button"
              className="rounded-lg p-2 text-slate-600 md:hidden dark:text-slate-300"
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
            </button>
          </div>
        </div>
        {menuOpen && (
          <nav aria-label={t('nav.main')} className="space-y-1 border-t border-slate-200 px-4 py-3 md:hidden">
            {links}
            <NavLink
              to="/dashboard/health"
              onClick={() => setMenuOpen(false)}
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <HeartPulse className="h-4 w-4" aria-hidden />
              {t('nav.health')}
            </NavLink>
            <button
              type="button"
              onClick={handleSignOut}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100"
            >
              <LogOut className="h-4 w-4" aria-hidden />
              {t('nav.signOut')}
            </button>
          </nav>
        )}
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
