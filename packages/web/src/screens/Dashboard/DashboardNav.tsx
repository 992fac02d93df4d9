import { BookOpen, Gauge, LayoutDashboard, PieChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../components/ui/cn';

const VIEWS = [
  { to: '/dashboard', key: 'classic', icon: LayoutDashboard },
  { to: '/dashboard/cycling', key: 'summary', icon: PieChart },
  { to: '/dashboard/narrative', key: 'narrative', icon: BookOpen },
  // The live ride overview (spec 001 §2.15): today at a glance, sensors or a replay.
  { to: '/dashboard/responsive', key: 'live', icon: Gauge },
] as const;

/**
 * Switches between the dashboards (spec 000 §2: classic, analytics-style summary, 'Tu Progreso') and the
 * live ride overview (spec 001 §2.15).
 */
export function DashboardNav() {
  const { t } = useTranslation('dashboard');
  return (
    <nav aria-label={t('views.label')} className="grid grid-cols-2 gap-1.5 sm:flex sm:gap-1">
      {VIEWS.map(({ to, key, icon: Icon }) => (
        <NavLink
          key={key}
          to={to}
          end
          data-testid={`dashboard-view-${key}`}
          className={({ isActive }) =>
            cn(
              'inline-flex min-h-9 min-w-0 items-center justify-center gap-2 rounded-full border px-2 py-1.5 text-center text-xs leading-tight font-semibold transition-colors sm:px-3 sm:text-sm',
              isActive
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-200 bg-white text-slate-700 hover:border-brand-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200',
            )
          }
        >
          <Icon className="hidden h-4 w-4 shrink-0 sm:block" aria-hidden />
          {t(`views.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
