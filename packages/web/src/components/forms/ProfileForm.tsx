import { CYCLING_EXPERIENCE, PROFILE_SEXES, UNITS } from '@vatio/schemas';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../api/types';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Field, Input, Select } from '../ui/Input';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { useFormat } from '../../hooks/useFormat';
import {
  type ProfileFormOutput,
  type ProfileFormValues,
  profileFormSchema,
  profileToFormValues,
} from './formSchemas';
import { Textarea } from '../ui/Textarea';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The rider's profile (spec 000 §3, §5), for onboarding step 1 and for /profile. `onSubmit`
 * receives the API's shape; when it throws, the translated error is shown above the button.
 */
export function ProfileForm({
  profile,
  submitLabel,
  onSubmit,
  successMessage,
  extraActions,
}: {
  profile: Profile | null;
  submitLabel: ReactNode;
  onSubmit: (values: ProfileFormOutput) => Promise<void>;
  /** Shown after a successful submit, until the form changes again. */
  successMessage?: string;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation(['onboarding', 'validation', 'common']);
  const f = useFormat();
  const [apiError, setApiError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: schemaResolver(profileFormSchema),
    defaultValues: profileToFormValues(profile),
  });

  const submit = handleSubmit(async (values) => {
    setApiError(undefined);
    setSaved(false);
    try {
      await onSubmit(values);
      if (successMessage) {
        setSaved(true);
        reset(undefined, { keepValues: true });
      }
    } catch (error) {
      setApiError(errorMessage(error, t));
    }
  });

  const error = (key: keyof ProfileFormValues) => validationMessage(errors[key]?.message, t);

  return (
    <form
      noValidate
      data-testid="profile-form"
      onSubmit={submit}
      onChange={() => setSaved(false)}
      className="space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('onboarding:profile.firstName')} error={error('first_name')}>
          {(props) => <Input {...props} {...register('first_name')} autoComplete="given-name" />}
        </Field>
        <Field label={t('onboarding:profile.lastName')} error={error('last_name')}>
          {(props) => <Input {...props} {...register('last_name')} autoComplete="family-name" />}
        </Field>

        <Field
          label={t('onboarding:profile.dateOfBirth')}
          error={error('date_of_birth')}
          hint={t('onboarding:profile.optional')}
        >
          {(props) => (
            <Input
              {...props}
              {...register('date_of_birth')}
              type="date"
              min="1900-01-01"
              max={today()}
              autoComplete="bday"
            />
          )}
        </Field>
        <Field
          label={t('onboarding:profile.experience')}
          error={error('cycling_experience')}
          hint={t('onboarding:profile.experienceHint')}
        >
          {(props) => (
            <Select {...props} {...register('cycling_experience')}>
              <option value="">{t('onboarding:profile.experiencePlaceholder')}</option>
              {CYCLING_EXPERIENCE.map((level) => (
                <option key={level} value={level}>
                  {t(`onboarding:experience.${level}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>

        <Field
          label={t('onboarding:profile.weight')}
          error={error('weight_kg')}
          hint={
            // The weight is the dated record of the athlete settings: say which entry is shown.
            profile?.weight_from
              ? t('onboarding:profile.weightInForce', { date: f.date(profile.weight_from) })
              : t('onboarding:profile.weightHint')
          }
        >
          {(props) => (
            <Input
              {...props}
              {...register('weight_kg')}
              type="number"
              inputMode="decimal"
              step="0.1"
              min="20"
              max="300"
              // An example, written as the language writes numbers (70,5 in Spanish).
              placeholder={f.number(70.5, 1)}
            />
          )}
        </Field>
        <Field
          label={t('onboarding:profile.height')}
          error={error('height_cm')}
          hint={t('onboarding:profile.optional')}
        >
          {(props) => (
            <Input
              {...props}
              {...register('height_cm')}
              type="number"
              inputMode="numeric"
              step="1"
              min="100"
              max="250"
              placeholder="178"
            />
          )}
        </Field>

        <Field label={t('onboarding:profile.units')} error={error('preferred_units')}>
          {(props) => (
            <Select {...props} {...register('preferred_units')}>
              {UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {t(`onboarding:units.${unit}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('onboarding:profile.sex')}
          error={error('sex')}
          hint={t('onboarding:profile.sexHint')}
        >
          {(props) => (
            <Select {...props} {...register('sex')} data-testid="profile-sex">
              <option value="">{t('onboarding:sex.notSaid')}</option>
              {PROFILE_SEXES.map((sex) => (
                <option key={sex} value={sex}>
                  {t(`onboarding:sex.${sex}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <Field
        label={t('onboarding:profile.goals')}
        error={error('goals')}
        hint={t('onboarding:profile.goalsHint')}
      >
        {(props) => (
          <Textarea
            {...props}
            {...register('goals')}
            rows={3}
            maxLength={1000}
            placeholder={t('onboarding:profile.goalsPlaceholder')}
          />
        )}
      </Field>

      {apiError && <Alert>{apiError}</Alert>}
      {saved && successMessage && <Alert tone="success">{successMessage}</Alert>}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {extraActions}
        <Button type="submit" data-testid="profile-submit" loading={isSubmitting} className="sm:min-w-40">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
