import { Activity, Bike, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { AuthChecking, AuthLayout } from '../../components/auth/AuthLayout';
import { StravaConnectCard, StravaOutcomeBanner } from '../../components/strava/StravaConnectCard';

/**
 * /auth (spec 000 §2): the connect-the-activity-platform screen the dashboards link to. Public: a
 * guest is asked to sign in first (the Strava account is attached to a Vatio rider).
 */
export function StravaAuthScreen() {
  const { t } = useTranslation(['strava', 'common']);
  const { user, loading } = useAuth();
  if (loading) return <AuthChecking />;
  return (
    <AuthLayout title={t('auth.title')} subtitle={t('auth.subtitle')}>
      <div className="space-y-5">
        <StravaOutcomeBanner />
        <ul className="space-y-2 text-sm text-slate-700 dark:text-slate-200">
          <li className="flex gap-2">
            <RefreshCw className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            {t('auth.pointRides')}
          </li>
          <li className="flex gap-2">
            <Bike className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            {t('auth.pointBikes')}
          </li>
          <li className="flex gap-2">
            <Activity className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            {t('auth.pointPush')}
          </li>
        </ul>
        {user ? (
          <>
            <StravaConnectCard returnTo="/auth" />
            <p className="text-sm">
              <Link to="/sync" className="font-semibold text-brand-700 underline dark:text-brand-500">
                {t('auth.toSync')}
              </Link>
            </p>
          </>
        ) : (
          <div className="space-y-3" data-testid="strava-auth-guest">
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('auth.signInFirst')}</p>
            <div className="flex flex-wrap gap-2">
              <Link
                to="/auth/login"
                state={{ from: { pathname: '/auth' } }}
                className="inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {t('auth.signIn')}
              </Link>
              <Link
                to="/auth/signup"
                className="inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
              >
                {t('auth.signUp')}
              </Link>
            </div>
          </div>
        )}
      </div>
    </AuthLayout>
  );
}
