import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BikeComponent, replaceComponent } from '../../api/bikes';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field, Input } from '../../components/ui/Input';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { type ReplaceFormOutput, type ReplaceFormValues, replaceFormSchema, today } from './garageForms';

/** Replace a part: the old one retires on the day, the new one (same kind and interval) starts. */
export function ReplaceForm({
  bikeId,
  part,
  onDone,
  onCancel,
}: {
  bikeId: string;
  part: BikeComponent;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['garage', 'bikes', 'validation', 'common']);
  const [apiError, setApiError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReplaceFormValues, unknown, ReplaceFormOutput>({
    resolver: schemaResolver(replaceFormSchema),
    defaultValues: { installed_on: today(), brand: part.brand ?? '', model: part.model ?? '', price: '' },
  });
  const submit = handleSubmit(async (values) => {
    setApiError(undefined);
    try {
      await replaceComponent(bikeId, part.id, values);
      await onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const [field, key] of Object.entries(error.fields))
          setError(field as keyof ReplaceFormValues, { message: key });
      } else setApiError(errorMessage(error, t));
    }
  });
  const error = (key: keyof ReplaceFormValues) => validationMessage(errors[key]?.message, t);
  return (
    <form noValidate onSubmit={submit} data-testid="replace-form" className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('components.replaceBody')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('components.installed')} error={error('installed_on')}>
          {(props) => <Input {...props} {...register('installed_on')} type="date" />}
        </Field>
        <Field label={t('components.price')} error={error('price')} hint={t('bikes:form.optional')}>
          {(props) => <Input {...props} {...register('price')} inputMode="decimal" />}
        </Field>
        <Field label={t('bikes:form.brand')} error={error('brand')}>
          {(props) => <Input {...props} {...register('brand')} maxLength={80} />}
        </Field>
        <Field label={t('bikes:form.model')} error={error('model')}>
          {(props) => <Input {...props} {...register('model')} maxLength={80} />}
        </Field>
      </div>
      {apiError && <Alert>{apiError}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t('components.replace')}
        </Button>
      </div>
    </form>
  );
}
