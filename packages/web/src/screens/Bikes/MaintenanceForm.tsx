import {
  addMaintenance,
  type BikeComponent,
  type MaintenanceEntry,
  updateMaintenance,
} from '../../api/bikes';
import { Field, Input, Select } from '../../components/ui/Input';
import { Textarea } from '../../components/ui/Textarea';
import { useForm } from 'react-hook-form';
import { schemaResolver } from '../../lib/form';
import {
  type MaintenanceFormOutput,
  type MaintenanceFormValues,
  maintenanceFormSchema,
  today,
} from './garageForms';
import { GarageFormActions, useGarageSubmit } from './useGarageSubmit';

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
  const form = useForm<MaintenanceFormValues, unknown, MaintenanceFormOutput>({
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
  const { register, formState } = form;
  const { t, sending, error, apiError } = useGarageSubmit(form, onDone);
  const submit = form.handleSubmit(
    sending((values) =>
      entry ? updateMaintenance(bikeId, entry.id, values) : addMaintenance(bikeId, values),
    ),
  );
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
      <GarageFormActions
        apiError={apiError}
        submitting={formState.isSubmitting}
        submitLabel={t('maintenance.save')}
        submitTestId="service-submit"
        onCancel={onCancel}
      />
    </form>
  );
}
