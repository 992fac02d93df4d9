import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bike as BikeIcon, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { createBike, listBikes } from '../../api/endpoints';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../components/ui/Button';
import { BikeForm } from '../../components/forms/BikeForm';
import { OnboardingLayout } from './OnboardingLayout';
import { queryKeys } from '../../api/query-keys';

/** /onboarding/bikes, step 2 of 2: add a first (primary) bike, or skip to the dashboard. */
export function OnboardingBikesScreen() {
  const { t } = useTranslation(['onboarding', 'bikes']);
  const { user, profile } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const bikesKey = queryKeys.bikes.list(user?.id);
  const bikes = useQuery({ queryKey: bikesKey, queryFn: listBikes, enabled: Boolean(profile) });

  if (!profile) return <Navigate to="/onboarding/profile" replace />;

  const existing = bikes.data ?? [];

  return (
    <OnboardingLayout step={2} title={t('onboarding:bikes.title')} subtitle={t('onboarding:bikes.subtitle')}>
      {existing.length > 0 && (
        <section aria-labelledby="onboarding-bikes-added" className="mb-6">
          <h2
            id="onboarding-bikes-added"
            className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200"
          >
            {t('onboarding:bikes.added')}
          </h2>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {existing.map((bike) => (
              <li key={bike.id} className="flex items-center gap-3 px-4 py-3 text-sm">
                <BikeIcon className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                <span className="min-w-0 flex-1 truncate font-medium">{bike.name}</span>
                <span className="text-slate-500">{t(`bikes:types.${bike.type}`)}</span>
                {bike.is_primary && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-700 dark:text-brand-500">
                    <Star className="h-3 w-3" aria-hidden />
                    {t('bikes:primary')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <BikeForm
        submitLabel={t('onboarding:bikes.submit')}
        onSubmit={async (values) => {
          await createBike({ ...values, is_primary: true });
          await queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all });
          navigate('/dashboard', { replace: true, state: { newRider: true } });
        }}
        secondaryAction={
          <Button
            variant="ghost"
            data-testid="skip-bikes"
            onClick={() => navigate('/dashboard', { replace: true, state: { newRider: true } })}
          >
            {existing.length > 0 ? t('onboarding:bikes.continue') : t('onboarding:bikes.skip')}
          </Button>
        }
      />
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">{t('onboarding:bikes.later')}</p>
    </OnboardingLayout>
  );
}
