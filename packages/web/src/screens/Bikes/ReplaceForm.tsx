import { type BikeComponent, replaceComponent } from '../../api/bikes';
import { Field, Input } from '../../components/ui/Input';
import { useForm } from 'react-hook-form';
import { schemaResolver } from '../../lib/form';
import { type ReplaceFormOutput, type ReplaceFormValues, replaceFormSchema, today } from './garageForms';
import { GarageFormActions, useGarageSubmit } from './useGarageSubmit';

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
  const form = useForm<ReplaceFormValues, unknown, ReplaceFormOutput>({
    resolver: schemaResolver(replaceFormSchema),
    defaultValues: { installed_on: today(), brand: part.brand ?? '', model: part.model ?? '', price: '' },
  });
  const { register, formState } = form;
  const { t, sending, error, apiError } = useGarageSubmit(form, onDone);
  const submit = form.handleSubmit(sending((values) => replaceComponent(bikeId, part.id, values)));
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
      <GarageFormActions
        apiError={apiError}
        submitting={formState.isSubmitting}
        submitLabel={t('components.replace')}
        onCancel={onCancel}
      />
    </form>
  );
}
