import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './AuthProvider';

/**
 * Spec 000 §2 route guard: 'Loading...' while the auth state loads; no rider → /auth/login,
 * remembering where they were going; a route that needs a profile → /onboarding/profile.
 */
export function RouteGuard({
  children,
  requireProfile = true,
}: {
  children: ReactNode;
  requireProfile?: boolean;
}) {
  const { user, profile, loading, signedOut } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();

  if (loading) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-500">
        {t('loading')}
      </div>
    );
  }
  // Signing out on a guarded page leads home (spec 000 §2: '/' is the target after logout).
  if (!user && signedOut) return <Navigate to="/" replace />;
  if (!user) return <Navigate to="/auth/login" replace state={{ from: location }} />;
  if (requireProfile && !profile)
    return <Navigate to="/onboarding/profile" replace state={{ from: location }} />;
  return <>{children}</>;
}
