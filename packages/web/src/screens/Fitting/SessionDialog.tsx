import { FITTING_SESSION_TYPES } from '@vatio/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FittingSession, createSession, updateSession } from '../../api/fitting';
import type { Bike } from '../../api/types';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field, Input, Select } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import {
  type SessionFormOutput,
  type SessionFormValues,
  sessionFormSchema,
  sessionFormValues,
  todayIso,
} from './fittingForm';

export type SessionDialogState = { mode: 'new' } | { mode: 'edit'; session: FittingSession } | null;

/** A fitting session: date, type, bike, fitter, goals, issues, adjustments, improvements, follow-up. */
export function SessionDialog({
  state,
  onClose,
  onSaved,
  bikes,
}: {
  state: SessionDialogState;
  onClose: () => void;
  onSaved: () => Promise<void>;
  bikes: Bike[];
}) {
  const { t } = useTranslation('fitting');
  return (
    <Modal
      open={state !== null}
      onOpenChange={(open) => !open && onClose()}
      title={state?.mode === 'edit' ? t('sessions.editTitle') : t('sessions.newTitle')}
    >
      {state && (
        <SessionForm
          key={state.mode === 'edit' ? state.session.id : 'new'}
          session={state.mode === 'edit' ? state.session : null}
          onClose={onClose}
          onSaved={onSaved}
          bikes={bikes}
        />
      )}
    </Modal>
  );
}

function SessionForm({
  session,
  onClose,
  onSaved,
  bikes,
}: {
  session: FittingSession | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
  bikes: Bike[];
}) {
  const { t } = useTranslation(['fitting', 'validation']);
  const [apiError, setApiError] = useState<string>();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SessionFormValues, unknown, SessionFormOutput>({
    resolver: schemaResolver(sessionFormSchema),
    defaultValues: sessionFormValues(session, todayIso()),
  });
  const submit = handleSubmit(async (values) => {
    setApiError(undefined);
    try {
      if (session) await updateSession(session.id, values);
      else await createSession(values);
      await onSaved();
      onClose();
    } catch (error) {
      setApiError(errorMessage(error, t));
    }
  });
  const error = (name: keyof SessionFormValues) => validationMessage(errors[name]?.message, t);
  const followUp = watch('follow_up_required');

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="session-form">
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('fitting:fields.session_date')} error={error('session_date')}>
          {(props) => <Input {...props} type="date" {...register('session_date')} />}
        </Field>
        <Field label={t('fitting:fields.session_type')} error={error('session_type')}>
          {(props) => (
            <Select {...props} {...register('session_type')}>
              {FITTING_SESSION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`fitting:sessionTypes.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('fitting:fields.bike_id')} error={error('bike_id')}>
          {(props) => (
            <Select {...props} {...register('bike_id')}>
              <option value="">{t('fitting:sessions.noBike')}</option>
              {bikes.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('fitting:fields.fitter_name')} error={error('fitter_name')}>
          {(props) => <Input {...props} maxLength={80} {...register('fitter_name')} />}
        </Field>
      </div>
      {(['goals', 'issues_addressed', 'adjustments_made'] as const).map((name) => (
        <Field
          key={name}
          label={t(`fitting:fields.${name}`)}
          hint={t('fitting:sessions.onePerLine')}
          error={error(name)}
        >
          {(props) => <Textarea {...props} rows={2} {...register(name)} data-testid={`session-${name}`} />}
        </Field>
      ))}
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={`${t('fitting:fields.comfort_improvement')} (0–10)`}
          error={error('comfort_improvement')}
        >
          {(props) => <Input {...props} inputMode="numeric" {...register('comfort_improvement')} />}
        </Field>
        <Field label={`${t('fitting:fields.power_improvement')} (0–10)`} error={error('power_improvement')}>
          {(props) => <Input {...props} inputMode="numeric" {...register('power_improvement')} />}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
        <input type="checkbox" className="h-4 w-4" {...register('follow_up_required')} />
        {t('fitting:fields.follow_up_required')}
      </label>
      {followUp && (
        <Field label={t('fitting:fields.follow_up_on')} error={error('follow_up_on')}>
          {(props) => <Input {...props} type="date" {...register('follow_up_on')} />}
        </Field>
      )}
      <Field label={t('fitting:fields.notes')} error={error('notes')}>
        {(props) => <Textarea {...props} rows={2} maxLength={2000} {...register('notes')} />}
      </Field>
      {apiError && <Alert>{apiError}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          {t('fitting:cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting} data-testid="session-save">
          {t('fitting:sessions.save')}
        </Button>
      </div>
    </form>
  );
}
