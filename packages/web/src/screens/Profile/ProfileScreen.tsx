import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, Mail, Phone, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getSubscription, updateProfile } from '../../api/endpoints';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { errorMessage } from '../../lib/errors';
import { ProfileForm } from '../../components/forms/ProfileForm';
import { StravaConnectCard, StravaOutcomeBanner } from '../../components/strava/StravaConnectCard';
import { BikesSection } from './BikesSection';
import { SignInMethods } from './SignInMethods';
import { queryKeys } from '../../api/query-keys';

function initials(first: string | undefined, last: string | undefined, fallback: string): string {
  const letters = [first, last]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || fallback.charAt(0).toUpperCase();
}

/** /profile (spec 001 §2.10, made real): who you are, your plan, your data, your bikes. */
export function ProfileScreen() {
  const { t } = useTranslation(['profile', 'common']);
  const { user, profile, refresh, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const subscription = useQuery({ queryKey: queryKeys.subscription(user?.id), queryFn: getSubscription });

  // Links such as /profile#bikes land on the section.
  useEffect(() => {
    if (!location.hash) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [location.hash]);

  const fullName = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ').trim() || t('cyclist');
  const contact = user?.email ?? user?.phone ?? '';
  const ContactIcon = user?.email ? Mail : Phone;

  // Leave the guarded page first: signing out under the route guard would send the rider to login.
  const handleSignOut = async () => {
    navigate('/', { replace: true });
    await signOut();
    queryClient.clear();
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t('title')}
      </h1>

      <Card className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <span
          aria-hidden
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white"
        >
          {initials(profile?.first_name, profile?.last_name, fullName)}
        </span>
        <div className="min-w-0 flex-1">
          {/* Wrapped, never cut: on a phone 'Ana García Fernández-Villaverde' read 'Ana García Fernández-Vil…'. */}
          <p
            data-testid="profile-name"
            className="text-xl font-semibold break-words text-slate-900 dark:text-white"
          >
            {fullName}
          </p>
          {contact && (
            <p className="mt-1 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <ContactIcon className="h-4 w-4 shrink-0" aria-hidden />
              <span className="sr-only">{user?.email ? t('email') : t('phone')}:</span>
              <span className="truncate">{contact}</span>
            </p>
          )}
        </div>
        <div className="text-sm sm:text-right" data-testid="subscription">
          <p className="font-medium text-slate-500 dark:text-slate-400">{t('subscription.label')}</p>
          {subscription.isPending && <p className="text-slate-500">{t('common:loading')}</p>}
          {subscription.isError && <p className="text-red-700">{errorMessage(subscription.error, t)}</p>}
          {subscription.data && (
            <p className="mt-1 flex items-center gap-2 sm:justify-end">
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-700 dark:text-brand-500">
                <ShieldCheck className="h-3.5 w-3.5" aria-hidden />
                {t(`subscription.tier.${subscription.data.tier}`, { defaultValue: subscription.data.tier })}
              </span>
              <span
                className={
                  subscription.data.status === 'active'
                    ? 'rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300'
                    : 'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-600 dark:bg-slate-700 dark:text-slate-300'
                }
              >
                {t(`subscription.status.${subscription.data.status}`, {
                  defaultValue: subscription.data.status,
                })}
              </span>
            </p>
          )}
        </div>
      </Card>

      <Card>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('details.title')}</h2>
        <p className="mt-1 mb-5 text-sm text-slate-600 dark:text-slate-300">{t('details.subtitle')}</p>
        <ProfileForm
          profile={profile}
          submitLabel={t('details.save')}
          successMessage={t('details.saved')}
          onSubmit={async (values) => {
            await updateProfile(values);
            await refresh();
          }}
        />
      </Card>

      <SignInMethods />

      <BikesSection />

      <Card id="connected" className="scroll-mt-20">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('connected.title')}</h2>
        <p className="mt-1 mb-5 text-sm text-slate-600 dark:text-slate-300">{t('connected.subtitle')}</p>
        <div className="space-y-3">
          <StravaOutcomeBanner />
          <StravaConnectCard returnTo="/profile" />
        </div>
      </Card>

      <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('session.title')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('session.subtitle')}</p>
        </div>
        <Button variant="secondary" data-testid="sign-out" onClick={() => void handleSignOut()}>
          <LogOut className="h-4 w-4" aria-hidden />
          {t('session.signOut')}
        </Button>
      </Card>
    </div>
  );
}
