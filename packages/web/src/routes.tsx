import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
import { RouteGuard } from './auth/RouteGuard';
import { AppLayout } from './components/AppLayout';
import { ActivitiesScreen } from './screens/Activities/ActivitiesScreen';
import { ActivityRoute } from './screens/Activity/ActivityRoute';
import { AuthCallbackScreen } from './screens/Auth/AuthCallbackScreen';
import { LoginScreen } from './screens/Auth/LoginScreen';
import { SignupScreen } from './screens/Auth/SignupScreen';
import { VerifyOtpScreen } from './screens/Auth/VerifyOtpScreen';
import { DashboardScreen } from './screens/Dashboard/DashboardScreen';
import { NarrativeScreen } from './screens/Dashboard/NarrativeScreen';
import { SummaryScreen } from './screens/Dashboard/SummaryScreen';
import { LandingScreen } from './screens/Landing/LandingScreen';
import { LegalScreen } from './screens/Legal/LegalScreen';
import { NotFoundScreen } from './screens/NotFound/NotFoundScreen';
import { OnboardingBikesScreen } from './screens/Onboarding/OnboardingBikesScreen';
import { OnboardingProfileScreen } from './screens/Onboarding/OnboardingProfileScreen';
import { ProfileScreen } from './screens/Profile/ProfileScreen';
import { SettingsScreen } from './screens/Settings/SettingsScreen';
import { StravaAuthScreen } from './screens/Strava/StravaAuthScreen';
import { StravaSyncDashboard } from './screens/Strava/StravaSyncDashboard';
import { SyncScreen } from './screens/Sync/SyncScreen';

/** Every route starts at the top of the page (or where the rider left it, going back). */
function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <LandingScreen /> },
      { path: '/terms', element: <LegalScreen document="terms" /> },
      { path: '/privacy', element: <LegalScreen document="privacy" /> },
      { path: '/auth/login', element: <LoginScreen /> },
      { path: '/auth/signup', element: <SignupScreen /> },
      { path: '/auth/verify-otp', element: <VerifyOtpScreen /> },
      { path: '/auth/callback', element: <AuthCallbackScreen /> },
      { path: '/auth', element: <StravaAuthScreen /> },
      // Until the analytics screens exist, their links lead to the nearest real place instead of a dead end.
      { path: '/analytics', element: <Navigate to="/dashboard" replace /> },
      {
        element: (
          <RouteGuard requireProfile={false}>
            <Outlet />
          </RouteGuard>
        ),
        children: [
          { path: '/onboarding/profile', element: <OnboardingProfileScreen /> },
          { path: '/onboarding/bikes', element: <OnboardingBikesScreen /> },
        ],
      },
      {
        element: (
          <RouteGuard>
            <AppLayout />
          </RouteGuard>
        ),
        children: [
          { path: '/dashboard', element: <DashboardScreen /> },
          { path: '/dashboard/cycling', element: <SummaryScreen /> },
          { path: '/dashboard/narrative', element: <NarrativeScreen /> },
          { path: '/activities', element: <ActivitiesScreen /> },
          { path: '/activities/sync', element: <StravaSyncDashboard /> },
          { path: '/activities/:id', element: <ActivityRoute /> },
          { path: '/sync', element: <SyncScreen /> },
          { path: '/profile', element: <ProfileScreen /> },
          { path: '/settings', element: <SettingsScreen /> },
          { path: '/bikes', element: <Navigate to="/profile#bikes" replace /> },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);
