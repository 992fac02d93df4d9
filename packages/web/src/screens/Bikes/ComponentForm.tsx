import { COMPONENT_DEFAULT_INTERVALS, type ComponentKind } from '@vatio/schemas';
import { addComponent, type BikeComponent, updateComponent } from '../../api/bikes';
import { FormulaLink } from '../../components/analytics/AnalysisParts';
import { Field, Input, Select } from '../../components/ui/Input';
import { useFormat } from '../../hooks/useFormat';
import { distanceUnit } from '../../lib/format';
import { schemaResolver } from '../../lib/form';
import { useForm } from 'react-hook-form';
import {
  type ComponentFormOutput,
  type ComponentFormValues,
  componentFormSchema,
  KINDS,
  kmToInterval,
  today,
} from './garageForms';
import { GarageFormActions, useGarageSubmit } from './useGarageSubmit';

/**
 * A new part: kind, brand, model, installed on, price, service interval (the kind's default when empty).
 * With `part`, the same form corrects that part (PATCH): prefilled, and an emptied interval means none.
 */
export function ComponentForm({
  bikeId,
  part,
  onDone,
  onCancel,
}: {
  bikeId: string;
  part?: BikeComponent;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const f = useFormat();
  const form = useForm<ComponentFormValues, unknown, ComponentFormOutput>({
    resolver: schemaResolver(componentFormSchema(f.units)),
    defaultValues: part
      ? {
          kind: part.kind,
          brand: part.brand ?? '',
          model: part.model ?? '',
          installed_on: part.installed_on,
          price: part.price === null ? '' : String(part.price),
          service_km: kmToInterval(part.service_km, f.units),
          service_hours: part.service_hours === null ? '' : String(part.service_hours),
        }
      : {
          kind: 'chain',
          brand: '',
          model: '',
          installed_on: today(),
          price: '',
          service_km: '',
          service_hours: '',
        },
  });
  const { register, watch, formState } = form;
  // Read while rendering: react-hook-form tracks only the form state a render reads, so dirtyFields
  // read first inside the submit handler would be empty and an edit would send nothing.
  const { dirtyFields } = formState;
  const { t, sending, error, apiError } = useGarageSubmit(form, onDone);
  const submit = form.handleSubmit(
    sending((values) => {
      if (!part) return addComponent(bikeId, values);
      // Only the fields the rider changed: the notes (not in this form) stay, and an imperial
      // interval shown in miles is not rounded back to a km value 1 off when left untouched.
      const changes = Object.fromEntries(
        Object.entries(values).filter(([key]) => dirtyFields[key as keyof ComponentFormValues]),
      ) as Partial<ComponentFormOutput>;
      return updateComponent(bikeId, part.id, changes);
    }),
  );
  const kind = watch('kind') as ComponentKind;
  const defaults = COMPONENT_DEFAULT_INTERVALS[kind] ?? { km: null, hours: null };
  const unit = distanceUnit(f.units);
  return (
    <form noValidate onSubmit={submit} data-testid="component-form" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('components.kind')} error={error('kind')}>
          {(props) => (
            <Select {...props} {...register('kind')} data-testid="component-kind">
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`bikes:kinds.${k}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('components.installed')} error={error('installed_on')}>
          {(props) => (
            <Input {...props} {...register('installed_on')} type="date" data-testid="component-installed" />
          )}
        </Field>
        <Field label={t('bikes:form.brand')} error={error('brand')} hint={t('bikes:form.optional')}>
          {(props) => <Input {...props} {...register('brand')} maxLength={80} placeholder="Shimano" />}
        </Field>
        <Field label={t('bikes:form.model')} error={error('model')} hint={t('bikes:form.optional')}>
          {(props) => <Input {...props} {...register('model')} maxLength={80} placeholder="CN-M8100" />}
        </Field>
        <Field label={t('components.price')} error={error('price')} hint={t('bikes:form.optional')}>
          {(props) => <Input {...props} {...register('price')} inputMode="decimal" placeholder="39.90" />}
        </Field>
        <Field
          label={t('components.serviceKm', { unit })}
          error={error('service_km')}
          hint={
            part
              ? t('components.emptyNone')
              : defaults.km === null
                ? t('components.noDefault')
                : t('components.default', { value: kmToInterval(defaults.km, f.units) })
          }
        >
          {(props) => (
            <Input
              {...props}
              {...register('service_km')}
              inputMode="numeric"
              data-testid="component-service-km"
            />
          )}
        </Field>
        <Field
          label={t('components.serviceHours')}
          error={error('service_hours')}
          hint={
            part
              ? t('components.emptyNone')
              : defaults.hours === null
                ? t('components.noDefault')
                : t('components.default', { value: defaults.hours })
          }
        >
          {(props) => (
            <Input
              {...props}
              {...register('service_hours')}
              inputMode="numeric"
              data-testid="component-service-hours"
            />
          )}
        </Field>
      </div>
      {/* Defaults apply only to a new part; an edit keeps what is typed (empty = none). */}
      {!part && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('components.defaultsNote')}{' '}
          <FormulaLink id="componentIntervals">{t('components.defaultsLink')}</FormulaLink>
        </p>
      )}
      <GarageFormActions
        apiError={apiError}
        submitting={formState.isSubmitting}
        submitLabel={part ? t('components.saveEdit') : t('components.save')}
        submitTestId="component-submit"
        onCancel={onCancel}
      />
    </form>
  );
}
