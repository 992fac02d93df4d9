import { BIKE_TYPES } from '@vatio/schemas';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Bike } from '../../api/types';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Field, Input, Select } from '../ui/Input';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { useFormat } from '../../hooks/useFormat';
import { type BikeFormOutput, type BikeFormValues, bikeFormSchema, bikeToFormValues } from './formSchemas';

/**
 * A bike: name, type (Carretera/Contrarreloj/Gravel/Montaña), brand, model, year (spec 001 §2.8).
 * Used in onboarding step 2 and in the profile's bike dialog.
 */
export function BikeForm({
  bike,
  submitLabel,
  onSubmit,
  secondaryAction,
}: {
  bike?: Bike | null;
  submitLabel: ReactNode;
  onSubmit: (values: BikeFormOutput) => Promise<void>;
  secondaryAction?: ReactNode;
}) {
  const { t } = useTranslation(['bikes', 'validation', 'common']);
  const f = useFormat();
  const [apiError, setApiError] = useState<string>();
  const nextYear = new Date().getFullYear() + 1;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BikeFormValues, unknown, BikeFormOutput>({
    resolver: schemaResolver(bikeFormSchema),
    defaultValues: bikeToFormValues(bike),
  });

  const submit = handleSubmit(async (values) => {
    setApiError(undefined);
    try {
      await onSubmit(values);
    } catch (error) {
      setApiError(errorMessage(error, t));
    }
  });

  const error = (key: keyof BikeFormValues) => validationMessage(errors[key]?.message, t);

  return (
    <form noValidate data-testid="bike-form" onSubmit={submit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('bikes:form.name')} error={error('name')}>
          {(props) => (
            <Input
              {...props}
              {...register('name')}
              maxLength={80}
              placeholder={t('bikes:form.namePlaceholder')}
            />
          )}
        </Field>
        <Field label={t('bikes:form.type')} error={error('type')}>
          {(props) => (
            <Select {...props} {...register('type')}>
              {BIKE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`bikes:types.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('bikes:form.brand')} error={error('brand')} hint={t('bikes:form.optional')}>
          {(props) => <Input {...props} {...register('brand')} maxLength={80} placeholder="Specialized" />}
        </Field>
        <Field label={t('bikes:form.model')} error={error('model')} hint={t('bikes:form.optional')}>
          {(props) => <Input {...props} {...register('model')} maxLength={80} placeholder="Tarmac SL7" />}
        </Field>
        <Field label={t('bikes:form.year')} error={error('year')} hint={t('bikes:form.optional')}>
          {(props) => (
            <Input
              {...props}
              {...register('year')}
              type="number"
              inputMode="numeric"
              step="1"
              min="1900"
              max={nextYear}
              placeholder={String(nextYear - 1)}
            />
          )}
        </Field>
        <Field label={t('bikes:form.weight')} error={error('weight_kg')} hint={t('bikes:form.weightHint')}>
          {(props) => (
            <Input
              {...props}
              {...register('weight_kg')}
              inputMode="decimal"
              data-testid="bike-weight"
              // An example, written as the language writes numbers (8,2 in Spanish).
              placeholder={f.number(8.2, 1)}
            />
          )}
        </Field>
      </div>

      {apiError && <Alert>{apiError}</Alert>}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {secondaryAction}
        <Button type="submit" data-testid="bike-submit" loading={isSubmitting} className="sm:min-w-40">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
