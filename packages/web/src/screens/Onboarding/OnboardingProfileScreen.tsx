import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { createProfile } from '../../api/endpoints';
import { useAuth } from '../../auth/AuthProvider';
import { OnboardingLayout } from './OnboardingLayout';
import { ProfileForm } from './ProfileForm';

/**
 * /onboarding/profile, step 1 of 2 (spec 000 §2, §4): the server saves the profile and creates
 * the free, active subscription; then the profile is re-read and the rider goes to step 2.
 */
export function OnboardingProfileScreen() {
  const { t } = useTranslation('onboarding');
  const { profile, refresh } = useAuth();
  const navigate = useNavigate();
  // Once this screen has created the profile, the new profile must not trigger the redirect below.
  const [created, setCreated] = useState(false);

  if (profile && !created) return <Navigate to="/dashboard" replace />;

  return (
    <OnboardingLayout step={1} title={t('profile.title')} subtitle={t('profile.subtitle')}>
      <ProfileForm
        profile={null}
        submitLabel={t('profile.submit')}
        onSubmit={async (values) => {
          try {
            await createProfile(values);
          } catch (error) {
            // A double submit (or another tab) got there first: the profile is there, carry on.
            if (!(error instanceof ApiError && error.code === 'PROFILE_EXISTS')) throw error;
          }
          setCreated(true);
          await refresh();
          navigate('/onboarding/bikes', { replace: true });
        }}
      />
    </OnboardingLayout>
  );
}
