import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { createAthleteSettings } from '../../api/activities';
import { createProfile } from '../../api/endpoints';
import { useAuth } from '../../auth/AuthProvider';
import { Field, Input } from '../../components/ui/Input';
import { OnboardingLayout } from './OnboardingLayout';
import { ProfileForm } from '../../components/forms/ProfileForm';

/**
 * /onboarding/profile, step 1 of 2 (spec 000 §2, §4): the server saves the profile and creates
 * the free, active subscription; then the profile is re-read and the rider goes to step 2.
 */
export function OnboardingProfileScreen() {
  const { t } = useTranslation(['onboarding', 'validation']);
  const { profile, refresh } = useAuth();
  const navigate = useNavigate();
  // Once this screen has created the profile, the new profile must not trigger the redirect below.
  const [created, setCreated] = useState(false);
  // The FTP, when the rider knows it: saved as athlete settings from today. Rides before it have no
  // FTP in force and are measured against it as the nearest one (server: resolveFtp).
  const [ftp, setFtp] = useState('');
  const [ftpError, setFtpError] = useState<string>();
  const ftpW = (): number | null | 'invalid' => {
    const text = ftp.trim();
    if (!text) return null;
    const value = Number(text);
    return Number.isInteger(value) && value >= 30 && value <= 700 ? value : 'invalid';
  };

  if (profile && !created) return <Navigate to="/dashboard" replace />;

  return (
    <OnboardingLayout step={1} title={t('profile.title')} subtitle={t('profile.subtitle')}>
      <div className="mb-5">
        <Field label={t('profile.ftp')} error={ftpError} hint={t('profile.ftpHint')}>
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              data-testid="onboarding-ftp"
              value={ftp}
              onChange={(event) => {
                setFtp(event.target.value);
                setFtpError(undefined);
              }}
              placeholder="250"
            />
          )}
        </Field>
      </div>
      <ProfileForm
        profile={null}
        submitLabel={t('profile.submit')}
        onSubmit={async (values) => {
          const ftpValue = ftpW();
          if (ftpValue === 'invalid') {
            const message = t('validation:ftp_invalid');
            setFtpError(message);
            throw new Error(message);
          }
          try {
            await createProfile(values);
          } catch (error) {
            // A double submit (or another tab) got there first: the profile is there, carry on.
            if (!(error instanceof ApiError && error.code === 'PROFILE_EXISTS')) throw error;
          }
          if (ftpValue !== null)
            await createAthleteSettings({
              effective_from: new Date().toISOString().slice(0, 10),
              ftp_w: ftpValue,
            });
          setCreated(true);
          await refresh();
          navigate('/onboarding/bikes', { replace: true });
        }}
      />
    </OnboardingLayout>
  );
}
