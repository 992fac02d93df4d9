import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createAthleteSettings,
  deleteAthleteSettings,
  getReanalysis,
  listAthleteSettings,
} from '../../api/activities';
import type { AthleteSettingsEntry, ReanalysisStatus } from '../../api/activity-types';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { Loadable } from '../../components/Loadable';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, Input } from '../../components/ui/Input';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { toWeightUnit, weightUnit } from '../../lib/format';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { useFormat } from '../../hooks/useFormat';
import {
  type AthleteSettingsFormOutput,
  type AthleteSettingsFormValues,
  athleteSettingsFormSchema,
  today,
} from './athleteSettingsForm';
import { queryKeys } from '../../api/query-keys';

const POLL_MS = 2000;

const FIELDS = ['effective_from', 'ftp_w', 'weight_kg', 'max_hr_bpm', 'lthr_bpm'] as const;
/** The table's value columns, each with its formatter. */
const CARRIED_FIELDS = [
  ['ftp_w', 'watts'],
  ['weight_kg', 'weight'],
  ['max_hr_bpm', 'bpm'],
  ['lthr_bpm', 'bpm'],
] as const;

/** Re-analysis progress: "remaining" rides, with a bar against the most seen in this visit. */
function reanalysisProgress(
  status: ReanalysisStatus | undefined,
  peak: number,
): { remaining: number; fraction: number } {
  if (!status) return { remaining: 0, fraction: 1 };
  const top = Math.max(peak, status.remaining);
  return { remaining: status.remaining, fraction: top > 0 ? 1 - status.remaining / top : 1 };
}

/**
 * Settings → athlete settings: FTP, weight, max HR and LTHR by date. Each ride is analysed with the
 * values in force on its day; a change re-analyses the affected rides in the background (progress here).
 */
export function AthleteSettingsSection() {
  const { t } = useTranslation(['athlete', 'validation', 'common']);
  const f = useFormat();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: queryKeys.athleteSettings.list(user?.id),
    queryFn: listAthleteSettings,
  });
  const reanalysis = useQuery({
    queryKey: queryKeys.reanalysis.status(user?.id),
    queryFn: getReanalysis,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
  const formSchema = useMemo(() => athleteSettingsFormSchema(f.units), [f.units]);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<AthleteSettingsFormValues, unknown, AthleteSettingsFormOutput>({
    resolver: schemaResolver(formSchema),
    defaultValues: { effective_from: today(), ftp_w: '', weight_kg: '', max_hr_bpm: '', lthr_bpm: '' },
  });
  const [deleting, setDeleting] = useState<string | null>(null);
  // Each entry is a full set of values from its date on, so the form starts from the newest one:
  // the rider changes what changed. Until they type, it follows the history.
  const [touched, setTouched] = useState(false);
  const newest = history.data?.history[0];
  useEffect(() => {
    if (touched) return;
    const text = (v: number | null | undefined, digits = 0) =>
      v == null ? '' : String(Number(v.toFixed(digits)));
    setValue('ftp_w', text(newest?.ftp_w));
    setValue('weight_kg', newest?.weight_kg == null ? '' : text(toWeightUnit(newest.weight_kg, f.units), 1));
    setValue('max_hr_bpm', text(newest?.max_hr_bpm));
    setValue('lthr_bpm', text(newest?.lthr_bpm));
  }, [newest, touched, f.units, setValue]);

  // The bar of a "remaining" count needs the largest count seen since the change.
  const peak = useRef(0);
  const status = reanalysis.data;
  const running = status?.status === 'running';
  useEffect(() => {
    if (!running) peak.current = 0;
    else if (typeof status?.remaining === 'number') peak.current = Math.max(peak.current, status.remaining);
  }, [running, status?.remaining]);
  const progress = reanalysisProgress(status, peak.current);

  // Rides change when the re-analysis finishes: their numbers must be read again.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity.all });
    }
    wasRunning.current = running;
  }, [running, queryClient]);

  const afterChange = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.athleteSettings.all });
    await queryClient.invalidateQueries({ queryKey: queryKeys.reanalysis.all });
  };

  const add = useMutation({
    mutationFn: (input: AthleteSettingsFormOutput) => createAthleteSettings(input),
    onSuccess: async () => {
      setTouched(false);
      await afterChange();
    },
    onError: (error) => {
      // The server's field errors are message keys, like the schema's; anything else is words.
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const [field, key] of Object.entries(error.fields)) {
          const name = FIELDS.find((f) => f === field);
          if (name) setError(name, { message: key });
          else setError('root', { message: key });
        }
      } else setError('root.server', { message: errorMessage(error, t) });
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteAthleteSettings(id),
    onMutate: (id) => setDeleting(id),
    onSettled: () => setDeleting(null),
    onSuccess: afterChange,
  });

  const submit = handleSubmit(
    (input) => {
      add.reset();
      add.mutate(input);
    },
    () => add.reset(),
  );

  // Typing stops the form following the newest entry.
  const field = (name: (typeof FIELDS)[number]) => register(name, { onChange: () => setTouched(true) });
  const error = (name: (typeof FIELDS)[number]) => validationMessage(errors[name]?.message, t);
  const formError = errors.root?.server?.message ?? validationMessage(errors.root?.message, t);

  const entries: AthleteSettingsEntry[] = history.data?.history ?? [];
  const unit = weightUnit(f.units);

  return (
    <Card data-testid="athlete-settings" id="athlete">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('title')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('subtitle')}</p>

      {running && (
        <div
          data-testid="reanalysis-progress"
          role="status"
          className="mt-4 rounded-lg border border-sky-200 bg-sky-50 p-4 dark:border-sky-900 dark:bg-sky-950/40"
        >
          <p className="mb-2 flex items-center gap-2 text-sm font-medium text-sky-900 dark:text-sky-100">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            {t('reanalysis.running', { count: progress.remaining })}
          </p>
          <ProgressBar fraction={progress.fraction} label={t('reanalysis.label')} />
        </div>
      )}

      <div className="mt-5">
        <Loadable
          query={history}
          error={{ message: (error) => errorMessage(error, t), look: 'alert' }}
          isEmpty={(answer) => answer.history.length === 0}
          empty={<p className="text-sm text-slate-500 dark:text-slate-400">{t('empty')}</p>}
        >
          {() => (
            <div className="relative -mx-6 overflow-x-auto px-6">
              <table className="w-full min-w-[32rem] text-sm tabular-nums" data-testid="athlete-history">
                <thead>
                  <tr className="border-b border-slate-200 text-left text-xs font-semibold text-slate-500 dark:border-slate-700">
                    <th className="py-2 pr-3">{t('fields.from')}</th>
                    <th className="py-2 pr-3">{t('fields.ftp')}</th>
                    <th className="py-2 pr-3">{t('fields.weight')}</th>
                    <th className="py-2 pr-3">{t('fields.maxHr')}</th>
                    <th className="py-2 pr-3">{t('fields.lthr')}</th>
                    <th className="py-2">
                      <span className="sr-only">{t('actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry, index) => (
                    <tr
                      key={entry.id}
                      className="border-b border-slate-100 dark:border-slate-700"
                      data-testid="athlete-row"
                    >
                      <td className="py-2 pr-3 font-medium">
                        {f.date(entry.effective_from)}
                        {index === 0 && (
                          <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
                            {t('current')}
                          </span>
                        )}
                      </td>
                      {CARRIED_FIELDS.map(([key, format]) => {
                        const own = entry[key];
                        // An entry that leaves a value out keeps the one of the entry before it (the
                        // server reads each value from the newest entry that sets it: settingsAt): a
                        // bare "—" read as "no FTP" while 230 W from an older entry applied.
                        const carried =
                          own === null ? entries.slice(index + 1).find((e) => e[key] !== null) : undefined;
                        return (
                          <td key={key} className="py-2 pr-3">
                            {carried ? (
                              <span
                                className="text-slate-400 dark:text-slate-500"
                                data-testid={`carried-${key}`}
                              >
                                {t('carried', {
                                  value: f[format](carried[key]),
                                  date: f.date(carried.effective_from),
                                })}
                              </span>
                            ) : (
                              f[format](own)
                            )}
                          </td>
                        );
                      })}
                      <td className="py-2 text-right">
                        <Button
                          variant="ghost"
                          className="min-h-8 px-2 text-red-700 dark:text-red-400"
                          aria-label={t('delete', { date: f.date(entry.effective_from) })}
                          loading={deleting === entry.id}
                          onClick={() => remove.mutate(entry.id)}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Loadable>
        {!running && status && entries.length > 0 && (
          <p className="mt-3 text-xs text-slate-500 dark:text-slate-400" data-testid="reanalysis-idle">
            {t('reanalysis.idle')}
          </p>
        )}
        {remove.isError && (
          <div className="mt-3">
            <Alert>{errorMessage(remove.error, t)}</Alert>
          </div>
        )}
      </div>

      <form
        onSubmit={submit}
        noValidate
        className="mt-6 space-y-4 border-t border-slate-200 pt-5 dark:border-slate-700"
      >
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('add.title')}</h3>
        <div className="grid gap-4 sm:grid-cols-5">
          <Field label={t('fields.from')} error={error('effective_from')}>
            {(props) => (
              <Input {...props} type="date" data-testid="athlete-date" {...field('effective_from')} />
            )}
          </Field>
          <Field label={`${t('fields.ftp')} (W)`} error={error('ftp_w')}>
            {(props) => (
              <Input
                {...props}
                inputMode="numeric"
                data-testid="athlete-ftp"
                {...field('ftp_w')}
                placeholder="250"
              />
            )}
          </Field>
          <Field label={`${t('fields.weight')} (${unit})`} error={error('weight_kg')}>
            {(props) => (
              <Input
                {...props}
                inputMode="decimal"
                data-testid="athlete-weight"
                {...field('weight_kg')}
                placeholder={f.number(toWeightUnit(70, f.units), 0)}
              />
            )}
          </Field>
          <Field label={`${t('fields.maxHr')} (bpm)`} error={error('max_hr_bpm')}>
            {(props) => (
              <Input
                {...props}
                inputMode="numeric"
                data-testid="athlete-max-hr"
                {...field('max_hr_bpm')}
                placeholder="185"
              />
            )}
          </Field>
          <Field label={`${t('fields.lthr')} (bpm)`} error={error('lthr_bpm')}>
            {(props) => (
              <Input
                {...props}
                inputMode="numeric"
                data-testid="athlete-lthr"
                {...field('lthr_bpm')}
                placeholder="165"
              />
            )}
          </Field>
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('add.hint')}</p>
        {formError && <Alert>{formError}</Alert>}
        {add.isSuccess && !add.isPending && (
          <Alert tone="success">
            <span data-testid="athlete-saved">{t('add.saved', { count: add.data.reanalysis.rides })}</span>
          </Alert>
        )}
        <Button type="submit" data-testid="athlete-save" loading={add.isPending}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('add.button')}
        </Button>
      </form>
    </Card>
  );
}
