import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { moveRides } from '../../api/bikes';
import { queryKeys } from '../../api/query-keys';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field, Input } from '../../components/ui/Input';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { type MoveFormOutput, type MoveFormValues, moveFormSchema } from './garageForms';

/** Every ride started between two days (UTC, both included) moves onto this bike. */
export function MoveRidesForm({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation(['garage', 'validation', 'common']);
  const queryClient = useQueryClient();
  const [result, setResult] = useState<string>();
  const [apiError, setApiError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<MoveFormValues, unknown, MoveFormOutput>({
    resolver: schemaResolver(moveFormSchema),
    defaultValues: { from: '', to: '' },
  });
  const submit = handleSubmit(async (values) => {
    setApiError(undefined);
    setResult(undefined);
    try {
      const { moved } = await moveRides(bikeId, values);
      setResult(t('move.done', { count: moved }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activities.all }),
      ]);
    } catch (error) {
      setApiError(errorMessage(error, t));
    }
  });
  const error = (key: keyof MoveFormValues) => validationMessage(errors[key]?.message, t);
  return (
    <form
      noValidate
      onSubmit={submit}
      data-testid="move-rides-form"
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <Field label={t('move.from')} error={error('from')}>
        {(props) => <Input {...props} {...register('from')} type="date" />}
      </Field>
      <Field label={t('move.to')} error={error('to')}>
        {(props) => <Input {...props} {...register('to')} type="date" />}
      </Field>
      <Button type="submit" variant="secondary" loading={isSubmitting}>
        {t('move.submit')}
      </Button>
      {result && (
        <p role="status" className="text-sm text-emerald-700 sm:col-span-3 dark:text-emerald-400">
          {result}
        </p>
      )}
      {apiError && (
        <div className="sm:col-span-3">
          <Alert>{apiError}</Alert>
        </div>
      )}
    </form>
  );
}
