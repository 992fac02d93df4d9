import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { RouteGuard } from './auth/RouteGuard';
import { SignedInOrPublic } from './auth/SignedInOrPublic';
import { AppLayout } from './components/AppLayout';
import { ensureNamespaces } from './i18n';
import type { LazyNamespace } from './i18n/resources';

// Every screen is its own chunk, loaded when its route is first visited (route.lazy), so the landing
// page ships only the app shell and itself.
// A route also loads the lazy text namespaces its screen uses (i18n/resources.ts), in parallel.
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  namespaces: readonly LazyNamespace[] = [],
) {
  return async () => {
    const [module] = await Promise.all([load(), ensureNamespaces(namespaces)]);
    return { Component: module[name] };
  };
}

/**
 * Signed-in screens share these namespaces (dashboards show ride and Strava words, settings ride
 * words); the app's navigation (AppLayout) names the ride list, garage and import screens with
 * activities:, bikes: and sync: keys, so every screen inside it loads those too.
 */
const APP_NAMESPACES: readonly LazyNamespace[] = [
  'dashboard',
  'activity',
  'strava',
  'activities',
  'sync',
  'bikes',
];

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
      { path: '/', lazy: screen(() => import('./screens/Landing/LandingScreen'), 'LandingScreen') },
      {
        path: '/terms',
        lazy: async () => {
          const [{ LegalScreen }] = await Promise.all([
            import('./screens/Legal/LegalScreen'),
            ensureNamespaces(['legal']),
          ]);
          return { Component: () => <LegalScreen document="terms" /> };
        },
      },
      {
        path: '/privacy',
        lazy: async () => {
          const [{ LegalScreen }] = await Promise.all([
            import('./screens/Legal/LegalScreen'),
            ensureNamespaces(['legal']),
          ]);
          return { Component: () => <LegalScreen document="privacy" /> };
        },
      },
      {
        path: '/formulas',
        lazy: screen(() => import('./screens/Formulas/FormulasScreen'), 'FormulasScreen', ['formulas']),
      },
      {
        path: '/formulas/:page',
        lazy: screen(() => import('./screens/Formulas/FormulasScreen'), 'FormulasScreen', ['formulas']),
      },
      { path: '/auth/login', lazy: screen(() => import('./screens/Auth/LoginScreen'), 'LoginScreen') },
      { path: '/auth/signup', lazy: screen(() => import('./screens/Auth/SignupScreen'), 'SignupScreen') },
      {
        path: '/auth/verify-otp',
        lazy: screen(() => import('./screens/Auth/VerifyOtpScreen'), 'VerifyOtpScreen'),
      },
      {
        path: '/auth/callback',
        lazy: screen(() => import('./screens/Auth/AuthCallbackScreen'), 'AuthCallbackScreen'),
      },
      {
        path: '/auth',
        lazy: screen(() => import('./screens/Strava/StravaAuthScreen'), 'StravaAuthScreen', ['strava']),
      },
      {
        element: (
          <RouteGuard requireProfile={false}>
            <Outlet />
          </RouteGuard>
        ),
        children: [
          {
            path: '/onboarding/profile',
            lazy: screen(
              () => import('./screens/Onboarding/OnboardingProfileScreen'),
              'OnboardingProfileScreen',
              ['onboarding'],
            ),
          },
          {
            path: '/onboarding/bikes',
            lazy: screen(
              () => import('./screens/Onboarding/OnboardingBikesScreen'),
              'OnboardingBikesScreen',
              ['onboarding', 'bikes'],
            ),
          },
        ],
      },
      {
        element: (
          <RouteGuard>
            <AppLayout />
          </RouteGuard>
        ),
        children: [
          {
            path: '/dashboard',
            lazy: screen(
              () => import('./screens/Dashboard/DashboardScreen'),
              'DashboardScreen',
              APP_NAMESPACES,
            ),
          },
          {
            path: '/dashboard/cycling',
            lazy: screen(() => import('./screens/Dashboard/SummaryScreen'), 'SummaryScreen', APP_NAMESPACES),
          },
          {
            path: '/dashboard/narrative',
            lazy: screen(
              () => import('./screens/Dashboard/NarrativeScreen'),
              'NarrativeScreen',
              APP_NAMESPACES,
            ),
          },
          {
            path: '/dashboard/health',
            lazy: screen(() => import('./screens/Health/HealthScreen'), 'HealthScreen', [
              ...APP_NAMESPACES,
              'health',
            ]),
          },
          {
            path: '/activities',
            lazy: screen(
              () => import('./screens/Activities/ActivitiesScreen'),
              'ActivitiesScreen',
              APP_NAMESPACES,
            ),
          },
          {
            path: '/activities/sync',
            lazy: screen(
              () => import('./screens/Strava/StravaSyncDashboard'),
              'StravaSyncDashboard',
              APP_NAMESPACES,
            ),
          },
          {
            path: '/activities/:id',
            lazy: screen(() => import('./screens/Activity/ActivityRoute'), 'ActivityRoute', APP_NAMESPACES),
          },
          {
            path: '/sync',
            lazy: screen(() => import('./screens/Sync/SyncScreen'), 'SyncScreen', APP_NAMESPACES),
          },
          {
            path: '/profile',
            lazy: screen(() => import('./screens/Profile/ProfileScreen'), 'ProfileScreen', [
              ...APP_NAMESPACES,
              'onboarding',
            ]),
          },
          {
            path: '/settings',
            lazy: screen(() => import('./screens/Settings/SettingsScreen'), 'SettingsScreen', [
              ...APP_NAMESPACES,
              'settings',
              'athlete',
            ]),
          },
          {
            path: '/analytics/aero-lab',
            lazy: screen(() => import('./screens/AeroLab/AeroLabScreen'), 'AeroLabScreen', [
              ...APP_NAMESPACES,
              'analytics',
            ]),
          },
          {
            path: '/dashboard/responsive',
            lazy: screen(() => import('./screens/Live/LiveOverviewScreen'), 'LiveOverviewScreen', [
              ...APP_NAMESPACES,
              'live',
              // The workout library's names (issue 26: ride a workout).
              'plan',
            ]),
          },
          {
            path: '/fitting',
            lazy: screen(() => import('./screens/Fitting/FittingScreen'), 'FittingScreen', [
              ...APP_NAMESPACES,
              'fitting',
            ]),
          },
          {
            path: '/training-plan',
            lazy: screen(() => import('./screens/TrainingPlan/TrainingPlanScreen'), 'TrainingPlanScreen', [
              ...APP_NAMESPACES,
              'plan',
            ]),
          },
          {
            path: '/bikes',
            lazy: screen(() => import('./screens/Bikes/BikesScreen'), 'BikesScreen', [
              ...APP_NAMESPACES,
              'analytics',
              'garage',
            ]),
          },
        ],
      },
      {
        // Public (issue 13): a signed-in rider's own analysis; signed out, the built-in example rider's.
        element: <SignedInOrPublic />,
        children: [
          {
            path: '/analytics',
            lazy: screen(() => import('./screens/Analytics/AnalyticsScreen'), 'AnalyticsScreen', [
              ...APP_NAMESPACES,
              'analytics',
              'predictive',
            ]),
          },
          {
            path: '/analytics/advanced',
            lazy: screen(() => import('./screens/Advanced/AdvancedScreen'), 'AdvancedScreen', [
              ...APP_NAMESPACES,
              'analytics',
              'advanced',
            ]),
          },
          {
            path: '/analytics/comparative',
            lazy: screen(() => import('./screens/Comparative/ComparativeScreen'), 'ComparativeScreen', [
              ...APP_NAMESPACES,
              'analytics',
              'comparative',
            ]),
          },
          {
            path: '/analytics/predictive',
            lazy: screen(() => import('./screens/Analytics/PredictiveScreen'), 'PredictiveScreen', [
              ...APP_NAMESPACES,
              'analytics',
              'predictive',
            ]),
          },
        ],
      },
      { path: '*', lazy: screen(() => import('./screens/NotFound/NotFoundScreen'), 'NotFoundScreen') },
    ],
  },
]);
