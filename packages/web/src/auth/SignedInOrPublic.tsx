import { useTranslation } from 'react-i18next';
import { AppLayout } from '../components/AppLayout';
import { PublicLayout } from '../components/PublicLayout';
import { useAuth } from './AuthProvider';
import { RouteGuard } from './RouteGuard';

/**
 * A screen both a rider and a visitor may open (issue 13's /analytics): signed in, the app frame
 * under the usual guard (onboarding first); signed out, the public frame, and the screen shows the
 * built-in example rider.
 */
export function SignedInOrPublic() {
  const { user, loading } = useAuth();
  const { t } = useTranslation();
  if (loading) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-500">
        {t('loading')}
      </div>
    );
  }
  if (!user) return <PublicLayout />;
  return (
    <RouteGuard>
      <AppLayout />
    </RouteGuard>
  );
}
