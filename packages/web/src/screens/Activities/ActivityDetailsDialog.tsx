import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BarChart3, Trash2, X } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteActivity, updateActivity } from '../../api/activities';
import { ACTIVITY_TYPES, type Activity } from '../../api/activity-types';
import { listBikes } from '../../api/endpoints';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field, Input, Select } from '../../components/ui/Input';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { Textarea } from '../../components/ui/Textarea';
import { NoPowerBadge, TypeBadge } from '../../components/activities/ActivityBadges';
import { useFormat } from '../../hooks/useFormat';
import {
  type ActivityDetailsOutput,
  type ActivityDetailsValues,
  activityChanges,
  activityDetailsFormSchema,
  activityToFormValues,
} from './activityDetailsForm';
import { queryKeys } from '../../api/query-keys';

/**
 * Details of one ride (spec 001 §2.7): every stored number, and the rider's own fields (name, type,
 * bike, notes) to edit; delete after a confirmation.
 */
export function ActivityDetailsDialog({
  activity,
  onClose,
}: {
  activity: Activity | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['activities', 'common']);
  return (
    <Dialog.Root open={activity !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="activity-details"
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          {activity && (
            <>
              <div className="flex items-start justify-between gap-4">
                <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
                  {activity.name}
                </Dialog.Title>
                <Dialog.Close
                  aria-label={t('details.close')}
                  className="-m-1 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-700 dark:hover:text-white"
                >
                  <X className="h-5 w-5" aria-hidden />
                </Dialog.Close>
              </div>
              <DetailsBody key={activity.id} activity={activity} onClose={onClose} />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 border-b border-slate-100 py-1.5 text-sm dark:border-slate-700">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function DetailsBody({ activity, onClose }: { activity: Activity; onClose: () => void }) {
  const { t } = useTranslation(['activities', 'validation', 'common']);
  const f = useFormat();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const bikes = useQuery({ queryKey: queryKeys.bikes.list(user?.id), queryFn: listBikes });
  const formSchema = useMemo(() => activityDetailsFormSchema(activity), [activity]);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ActivityDetailsValues, unknown, ActivityDetailsOutput>({
    resolver: schemaResolver(formSchema),
    defaultValues: activityToFormValues(activity),
    // The name's error shows while typing, not only after a submit.
    mode: 'onChange',
  });
  const [confirmDelete, setConfirmDelete] = useState(false);

  const save = useMutation({
    mutationFn: (changes: ActivityDetailsOutput) => updateActivity(activity.id, changes),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.activity.detail(activity.id) });
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteActivity(activity.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
      onClose();
    },
  });

  const submit = handleSubmit((changes) => save.mutate(changes));

  const types: string[] = ACTIVITY_TYPES.includes(activity.type as never)
    ? [...ACTIVITY_TYPES]
    : [...ACTIVITY_TYPES, activity.type];
  const noPower = activity.average_power === null && activity.normalized_power === null;
  const values = watch();
  const dirty = Object.keys(activityChanges(activity, values)).length > 0;
  const nameError = validationMessage(errors.name?.message, t);

  return (
    <div className="mt-4 space-y-6">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <TypeBadge type={activity.type} />
        {noPower && <NoPowerBadge />}
        <span>{f.longDate(activity.start_date)}</span>
      </div>

      <dl className="grid gap-x-8 sm:grid-cols-2">
        <Row label={t('fields.distance')} value={f.distance(activity.distance)} />
        <Row label={t('fields.movingTime')} value={f.clock(activity.moving_time)} />
        <Row label={t('fields.elapsedTime')} value={f.clock(activity.elapsed_time)} />
        <Row label={t('fields.elevation')} value={f.elevation(activity.total_elevation_gain)} />
        <Row label={t('fields.averageSpeed')} value={f.speed(activity.average_speed)} />
        <Row label={t('fields.maxSpeed')} value={f.speed(activity.max_speed)} />
        <Row label={t('fields.averagePower')} value={f.watts(activity.average_power)} />
        <Row label={t('fields.maxPower')} value={f.watts(activity.max_power)} />
        <Row label={t('fields.normalizedPower')} value={f.watts(activity.normalized_power)} />
        <Row label={t('fields.if')} value={f.number(activity.intensity_factor, 2)} />
        <Row label={t('fields.tss')} value={f.number(activity.training_stress_score)} />
        <Row label={t('fields.vi')} value={f.number(activity.variability_index, 2)} />
        <Row label={t('fields.work')} value={f.kilojoules(activity.work_kj)} />
        <Row label={t('fields.ftp')} value={f.watts(activity.ftp_w)} />
        <Row label={t('fields.averageHeartrate')} value={f.bpm(activity.average_heartrate)} />
        <Row label={t('fields.maxHeartrate')} value={f.bpm(activity.max_heartrate)} />
        <Row label={t('fields.averageCadence')} value={f.rpm(activity.average_cadence)} />
        <Row label={t('fields.calories')} value={f.number(activity.calories)} />
        <Row label={t('fields.device')} value={activity.device_name ?? '—'} />
        <Row
          label={t('fields.source')}
          value={t(`sources.${activity.source}`, { defaultValue: activity.source })}
        />
      </dl>

      <form
        noValidate
        onSubmit={submit}
        className="space-y-4 border-t border-slate-200 pt-5 dark:border-slate-700"
      >
        <h3 className="font-semibold">{t('details.edit')}</h3>
        <Field label={t('details.name')} error={nameError}>
          {(props) => <Input {...props} {...register('name')} data-testid="activity-name" maxLength={200} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('details.type')}>
            {(props) => (
              <Select {...props} {...register('type')}>
                {types.map((value) => (
                  <option key={value} value={value}>
                    {t(`types.${value}`, { defaultValue: value })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('details.bike')}>
            {(props) => (
              // Controlled as well: the bikes arrive after the form, and the stored one must then show.
              <Select {...props} {...register('bike_id')} value={values.bike_id}>
                <option value="">{t('details.noBike')}</option>
                {(bikes.data ?? []).map((bike) => (
                  <option key={bike.id} value={bike.id}>
                    {bike.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field label={t('details.notes')}>
          {(props) => <Textarea {...props} {...register('notes')} rows={3} maxLength={5000} />}
        </Field>
        {save.isError && <Alert>{errorMessage(save.error, t)}</Alert>}
        {save.isSuccess && !dirty && <Alert tone="success">{t('details.saved')}</Alert>}
        <div className="flex flex-wrap justify-between gap-3">
          <Link
            to={`/activities/${activity.id}`}
            className="inline-flex min-h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
          >
            <BarChart3 className="h-4 w-4" aria-hidden />
            {t('card.analyze')}
          </Link>
          <Button type="submit" loading={save.isPending} disabled={!dirty || !values.name.trim()}>
            {t('details.save')}
          </Button>
        </div>
      </form>

      <div className="border-t border-slate-200 pt-5 dark:border-slate-700">
        {remove.isError && (
          <div className="mb-3">
            <Alert>{errorMessage(remove.error, t)}</Alert>
          </div>
        )}
        {confirmDelete ? (
          <div className="rounded-lg border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40">
            <p className="text-sm text-red-800 dark:text-red-200">{t('details.deleteConfirm')}</p>
            <div className="mt-3 flex gap-2">
              <Button
                variant="danger"
                data-testid="confirm-delete"
                loading={remove.isPending}
                onClick={() => remove.mutate()}
              >
                {t('details.deleteYes')}
              </Button>
              <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
                {t('details.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button
            variant="ghost"
            className="text-red-700 dark:text-red-400"
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('details.delete')}
          </Button>
        )}
      </div>
    </div>
  );
}
