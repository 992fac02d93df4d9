import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  addMaintenance,
  type BikeComponent,
  type MaintenanceEntry,
  updateMaintenance,
} from '../../api/bikes';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field, Input, Select } from '../../components/ui/Input';
import { Textarea } from '../../components/ui/Textarea';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import {
  type MaintenanceFormOutput,
  type MaintenanceFormValues,
  maintenanceFormSchema,
  today,
} from './garageForms';

/**
 * One line of the service log; naming a part restarts its interval from that day.
 * With `entry`, the same form corrects that line (PATCH), prefilled.
 */
export function MaintenanceForm({
  bikeId,
  parts,
  entry,
  onDone,
  onCancel,
}: {
  bikeId: string;
  parts: readonly BikeComponent[];
  entry?: MaintenanceEntry;
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
  } = useForm<MaintenanceFormValues, unknown, MaintenanceFormOutput>({
    resolver: schemaResolver(maintenanceFormSchema),
    defaultValues: entry
      ? {
          performed_on: entry.performed_on,
          what: entry.what,
          notes: entry.notes ?? '',
          cost: entry.cost === null ? '' : String(entry.cost),
          component_id: entry.component_id ?? '',
        }
      : { performed_on: today(), what: '', notes: '', cost: '', component_id: '' },
  });
  const submit = handleSubmit(async (values) => {
    setApiError(undefined);
    try {
      if (entry) await updateMaintenance(bikeId, entry.id, values);
      else await addMaintenance(bikeId, values);
      await onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const [field, key] of Object.entries(error.fields))
          setError(field as keyof MaintenanceFormValues, { message: key });
      } else setApiError(errorMessage(error, t));
    }
  });
  const error = (key: keyof MaintenanceFormValues) => validationMessage(errors[key]?.message, t);
  return (
    <form noValidate onSubmit={submit} data-testid="maintenance-form" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('maintenance.what')} error={error('what')}>
          {(props) => (
            <Input
              {...props}
              {...register('what')}
              maxLength={120}
              placeholder={t('maintenance.whatPlaceholder')}
              data-testid="service-what"
            />
          )}
        </Field>
        <Field label={t('maintenance.date')} error={error('performed_on')}>
          {(props) => (
            <Input {...props} {...register('performed_on')} type="date" data-testid="service-date" />
          )}
        </Field>
        <Field label={t('maintenance.part')} error={error('component_id')} hint={t('maintenance.partHint')}>
          {(props) => (
            <Select {...props} {...register('component_id')} data-testid="service-part">
              <option value="">{t('maintenance.noPart')}</option>
              {parts.map((p) => (
                <option key={p.id} value={p.id}>
                  {[t(`bikes:kinds.${p.kind}`), p.brand, p.model].filter(Boolean).join(' · ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('maintenance.costLabel')} error={error('cost')} hint={t('bikes:form.optional')}>
          {(props) => (
            <Input {...props} {...register('cost')} inputMode="decimal" data-testid="service-cost" />
          )}
        </Field>
      </div>
      <Field label={t('maintenance.notes')} error={error('notes')} hint={t('bikes:form.optional')}>
        {(props) => <Textarea {...props} {...register('notes')} rows={3} maxLength={2000} />}
      </Field>
      {apiError && <Alert>{apiError}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" data-testid="service-submit" loading={isSubmitting}>
          {t('maintenance.save')}
        </Button>
      </div>
    </form>
  );
}
