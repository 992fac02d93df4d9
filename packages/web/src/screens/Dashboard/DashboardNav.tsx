import { BookOpen, LayoutDashboard, PieChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../components/ui/cn';

const VIEWS = [
  { to: '/dashboard', key: 'classic', icon: LayoutDashboard },
  { to: '/dashboard/cycling', key: 'summary', icon: PieChart },
  { to: '/dashboard/narrative', key: 'narrative', icon: BookOpen },
] as const;

/** Switches between the three dashboards (spec 000 §2: classic, analytics-style summary, 'Tu Progreso'). */
export function DashboardNav() {
  const { t } = useTranslation('dashboard');
  return (
    <nav aria-label={t('views.label')} className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
      {VIEWS.map(({ to, key, icon: Icon }) => (
        <NavLink
          key={key}
          to={to}
          end
          data-testid={`dashboard-view-${key}`}
          className={({ isActive }) =>
            cn(
              'inline-flex min-h-9 shrink-0 items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold transition-colors',
              isActive
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-200 bg-white text-slate-700 hover:border-brand-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200',
            )
          }
        >
          <Icon className="h-4 w-4" aria-hidden />
          {t(`views.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
