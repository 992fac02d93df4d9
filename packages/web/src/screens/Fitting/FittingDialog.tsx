import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import type { BikePosition, BodyMeasurement } from '../../api/fitting';
import { createMeasurement, createPosition, updateMeasurement, updatePosition } from '../../api/fitting';
import type { Bike } from '../../api/types';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field, Input, Select } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { TabStrip } from '../../components/ui/TabStrip';
import { Textarea } from '../../components/ui/Textarea';
import { useUnits } from '../../hooks/useFormat';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { FittingAnalysis } from './FittingAnalysis';
import {
  type FittingDialogMode,
  type FittingFormOutput,
  type FittingFormValues,
  fittingFormSchema,
  fittingFormValues,
  fromDisplay,
  MEASUREMENT_FIELDS,
  POSITION_FIELDS,
  POSITION_GROUPS,
  toNumber,
  todayIso,
  unitLabel,
} from './fittingForm';

export type FittingDialogState =
  | { mode: 'new' }
  | { mode: 'measurement'; measurement: BodyMeasurement }
  | { mode: 'position'; position: BikePosition }
  | null;

/**
 * 'New fitting' (spec 001 §2.9): tabs Measurements, Position, Analysis; also edits one measurement
 * or one position (their tab and Analysis). Saves for real: a measurement, a position, or both.
 */
export function FittingDialog({
  state,
  onClose,
  onSaved,
  bikes,
  latestInseamCm,
}: {
  state: FittingDialogState;
  onClose: () => void;
  onSaved: () => Promise<void>;
  bikes: Bike[];
  latestInseamCm: number | null;
}) {
  const { t } = useTranslation(['fitting', 'common']);
  const title =
    state?.mode === 'measurement'
      ? t('fitting:dialog.editMeasurement')
      : state?.mode === 'position'
        ? t('fitting:dialog.editPosition')
        : t('fitting:dialog.newTitle');
  return (
    <Modal open={state !== null} onOpenChange={(open) => !open && onClose()} title={title}>
      {state && (
        <FittingForm
          key={
            state.mode === 'measurement'
              ? state.measurement.id
              : state.mode === 'position'
                ? state.position.id
                : 'new'
          }
          state={state}
          onClose={onClose}
          onSaved={onSaved}
          bikes={bikes}
          latestInseamCm={latestInseamCm}
        />
      )}
    </Modal>
  );
}

function FittingForm({
  state,
  onClose,
  onSaved,
  bikes,
  latestInseamCm,
}: {
  state: Exclude<FittingDialogState, null>;
  onClose: () => void;
  onSaved: () => Promise<void>;
  bikes: Bike[];
  latestInseamCm: number | null;
}) {
  const { t } = useTranslation(['fitting', 'validation', 'common']);
  const units = useUnits();
  const mode: FittingDialogMode = state.mode;
  const [apiError, setApiError] = useState<string>();
  const primary = bikes.find((b) => b.is_primary) ?? bikes[0];
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FittingFormValues, unknown, FittingFormOutput>({
    resolver: schemaResolver(fittingFormSchema(units, mode)),
    defaultValues: fittingFormValues(
      units,
      todayIso(),
      state.mode === 'measurement' ? state.measurement : null,
      state.mode === 'position' ? state.position : null,
      state.mode === 'new' ? '' : (primary?.id ?? ''),
    ),
    // Inputs of a hidden tab keep their values.
    shouldUnregister: false,
  });

  const submit = handleSubmit(async ({ measurement, position }) => {
    setApiError(undefined);
    try {
      if (measurement) {
        if (state.mode === 'measurement') await updateMeasurement(state.measurement.id, measurement);
        else await createMeasurement(measurement);
      }
      if (position) {
        if (state.mode === 'position') await updatePosition(state.position.id, position);
        else await createPosition(position);
      }
      await onSaved();
      onClose();
    } catch (error) {
      // The server's field messages go to their fields (a bike that is not the rider's, say).
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const part = state.mode === 'measurement' ? 'measurement' : 'position';
        for (const [field, key] of Object.entries(error.fields))
          setError(`${part}.${field}` as FieldPath<FittingFormValues>, { message: key });
      }
      setApiError(errorMessage(error, t));
    }
  });

  const fieldError = (path: string) => {
    const [part, name] = path.split('.') as ['measurement' | 'position', string];
    const group = errors[part] as Record<string, { message?: string }> | undefined;
    return validationMessage(group?.[name]?.message, t);
  };

  const numberInput = (
    path: FieldPath<FittingFormValues>,
    kind: Parameters<typeof unitLabel>[0],
    label: string,
  ) => (
    <Field key={path} label={`${label} (${unitLabel(kind, units)})`} error={fieldError(path)}>
      {(props) => (
        <Input
          {...props}
          {...register(path)}
          inputMode="decimal"
          step={kind === 'deg' ? '0.1' : '1'}
          data-testid={`fit-${path}`}
        />
      )}
    </Field>
  );

  const measurementTab = (
    <div className="space-y-5">
      <Field label={t('fitting:fields.measured_on')} error={fieldError('measurement.measured_on')}>
        {(props) => <Input {...props} type="date" {...register('measurement.measured_on')} />}
      </Field>
      {(['basic', 'advanced'] as const).map((group) => (
        <fieldset key={group} className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900 dark:text-white">
            {t(`fitting:groups.${group}`)}
          </legend>
          <div className="grid grid-cols-2 gap-3">
            {MEASUREMENT_FIELDS.filter((f) => f.group === group).map((f) =>
              numberInput(`measurement.${f.name}`, f.kind, t(`fitting:fields.${f.name}`)),
            )}
          </div>
        </fieldset>
      ))}
      <Field label={t('fitting:fields.injury_history')} error={fieldError('measurement.injury_history')}>
        {(props) => (
          <Textarea {...props} rows={2} maxLength={2000} {...register('measurement.injury_history')} />
        )}
      </Field>
      <Field label={t('fitting:fields.notes')} error={fieldError('measurement.notes')}>
        {(props) => <Textarea {...props} rows={2} maxLength={2000} {...register('measurement.notes')} />}
      </Field>
    </div>
  );

  const positionTab = (
    <div className="space-y-5">
      {bikes.length === 0 && <Alert>{t('fitting:dialog.noBikes')}</Alert>}
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('fitting:fields.bike_id')} error={fieldError('position.bike_id')}>
          {(props) => (
            <Select {...props} {...register('position.bike_id')} data-testid="fit-position.bike_id">
              <option value="">{t('fitting:dialog.chooseBike')}</option>
              {bikes.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('fitting:fields.fit_date')} error={fieldError('position.fit_date')}>
          {(props) => <Input {...props} type="date" {...register('position.fit_date')} />}
        </Field>
        <Field label={t('fitting:fields.name')} error={fieldError('position.name')}>
          {(props) => (
            <Input
              {...props}
              maxLength={80}
              {...register('position.name')}
              placeholder={t('fitting:dialog.namePlaceholder')}
            />
          )}
        </Field>
        <Field label={t('fitting:fields.fitter_name')} error={fieldError('position.fitter_name')}>
          {(props) => <Input {...props} maxLength={80} {...register('position.fitter_name')} />}
        </Field>
      </div>
      {POSITION_GROUPS.map((group) => (
        <fieldset key={group} className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900 dark:text-white">
            {t(`fitting:groups.${group}`)}
          </legend>
          {group === 'angles' && (
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('fitting:dialog.anglesHint')}</p>
          )}
          <div className="grid grid-cols-2 gap-3">
            {POSITION_FIELDS.filter((f) => f.group === group).map((f) =>
              numberInput(`position.${f.name}`, f.kind, t(`fitting:fields.${f.name}`)),
            )}
          </div>
        </fieldset>
      ))}
      <Field label={t('fitting:fields.notes')} error={fieldError('position.notes')}>
        {(props) => <Textarea {...props} rows={2} maxLength={2000} {...register('position.notes')} />}
      </Field>
    </div>
  );

  const values = watch();
  const typed = (text: string | undefined, kind: Parameters<typeof fromDisplay>[0]) => {
    const n = toNumber(text);
    return n === null || Number.isNaN(n) ? null : fromDisplay(kind, n, units);
  };
  const analysisTab = (
    <FittingAnalysis
      inseamCm={typed(values.measurement.inseam_cm, 'bodyCm') ?? latestInseamCm}
      crankLengthMm={typed(values.position.crank_length_mm, 'bikeMm')}
      saddleHeightMm={typed(values.position.saddle_height_mm, 'bikeMm')}
      kneeAngleMinDeg={typed(values.position.knee_angle_min_deg, 'deg')}
      backAngleDeg={typed(values.position.back_angle_deg, 'deg')}
      comfortRating={typed(values.position.comfort_rating, 'score')}
    />
  );

  const tabs = [
    ...(mode !== 'position'
      ? [
          {
            value: 'measurements' as const,
            label: t('fitting:tabs.measurements'),
            content: measurementTab,
            testId: 'tab-measurements',
          },
        ]
      : []),
    ...(mode !== 'measurement'
      ? [
          {
            value: 'position' as const,
            label: t('fitting:tabs.position'),
            content: positionTab,
            testId: 'tab-position',
          },
        ]
      : []),
    {
      value: 'analysis' as const,
      label: t('fitting:tabs.analysis'),
      content: analysisTab,
      testId: 'tab-analysis',
    },
  ];

  const partErrors = (part: 'measurement' | 'position') =>
    Object.keys((errors[part] as object | undefined) ?? {}).length;

  return (
    <form noValidate onSubmit={submit} className="space-y-5" data-testid="fitting-form">
      <TabStrip label={t('fitting:dialog.tabsLabel')} tabs={tabs} />
      {errors.root && <Alert>{validationMessage(errors.root.message, t)}</Alert>}
      {(partErrors('measurement') > 0 || partErrors('position') > 0) && (
        <Alert>{t('fitting:dialog.fixErrors')}</Alert>
      )}
      {apiError && <Alert>{apiError}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          {t('fitting:cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting} data-testid="fitting-save">
          {t('fitting:dialog.save')}
        </Button>
      </div>
    </form>
  );
}
