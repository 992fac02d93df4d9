import type { PlainStep, RepeatBlock, StepKind, Target, Workout } from '@vatio/analysis';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import {
  addInnerStep,
  moveStep,
  removeStep,
  setRepeatCount,
  type StepPath,
  updatePlainStep,
  withTargetType,
} from './builderModel';

const KINDS: readonly StepKind[] = ['warmup', 'steady', 'cooldown', 'free'];
const small =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** Every step of the workout as editable rows; a repeat is a box with its count and its inner steps. */
export function StepList({
  workout,
  ftpW,
  onChange,
}: {
  workout: Workout;
  ftpW: number | undefined;
  onChange: (workout: Workout) => void;
}) {
  const { t } = useTranslation('plan');
  return (
    <ol className="space-y-2" aria-label={t('builder.steps')} data-testid="builder-steps">
      {/* Steps have no identity but their place: keyed by position so an input keeps focus while typing. */}
      {workout.steps.map((step, i) =>
        step.kind === 'repeat' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
          <RepeatBox key={`r${i}`} block={step} index={i} workout={workout} ftpW={ftpW} onChange={onChange} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
          <li key={`s${i}`}>
            <StepRow
              step={step}
              path={[i]}
              label={t('builder.stepNumber', { n: i + 1 })}
              workout={workout}
              ftpW={ftpW}
              onChange={onChange}
              siblings={workout.steps.length}
            />
          </li>
        ),
      )}
    </ol>
  );
}

function RepeatBox({
  block,
  index,
  workout,
  ftpW,
  onChange,
}: {
  block: RepeatBlock;
  index: number;
  workout: Workout;
  ftpW: number | undefined;
  onChange: (workout: Workout) => void;
}) {
  const { t } = useTranslation('plan');
  const label = t('builder.stepNumber', { n: index + 1 });
  return (
    <li className="rounded-lg border-2 border-dashed border-brand-500/40 p-2" data-testid="builder-repeat">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1 text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('builder.repeat')}
          <input
            type="number"
            min={1}
            max={50}
            value={block.count}
            onChange={(e) =>
              onChange(setRepeatCount(workout, index, Math.max(1, Math.round(Number(e.target.value) || 1))))
            }
            className={cn(small, 'w-16')}
            aria-label={t('builder.repeatCount', { step: label })}
            data-testid="builder-repeat-count"
          />
          ×
        </label>
        <RowActions
          path={[index]}
          workout={workout}
          onChange={onChange}
          siblings={workout.steps.length}
          label={label}
        />
      </div>
      <ol className="mt-2 space-y-2 pl-2">
        {block.steps.map((inner, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
          <li key={j}>
            <StepRow
              step={inner}
              path={[index, j]}
              label={t('builder.innerStepNumber', { n: index + 1, m: j + 1 })}
              workout={workout}
              ftpW={ftpW}
              onChange={onChange}
              siblings={block.steps.length}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() => onChange(addInnerStep(workout, index))}
        className="mt-2 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-500 dark:hover:bg-slate-800"
      >
        <Plus className="h-3.5 w-3.5" aria-hidden />
        {t('builder.addInner')}
      </button>
    </li>
  );
}

function RowActions({
  path,
  workout,
  onChange,
  siblings,
  label,
}: {
  path: StepPath;
  workout: Workout;
  onChange: (workout: Workout) => void;
  siblings: number;
  label: string;
}) {
  const { t } = useTranslation('plan');
  const position = path.at(-1) ?? 0;
  const button =
    'rounded-md p-1.5 text-slate-500 hover:bg-slate-100 disabled:opacity-30 dark:text-slate-400 dark:hover:bg-slate-700';
  return (
    <span className="ml-auto flex gap-0.5">
      <button
        type="button"
        className={button}
        disabled={position === 0}
        onClick={() => onChange(moveStep(workout, path, -1))}
        aria-label={t('builder.moveUp', { step: label })}
      >
        <ArrowUp className="h-4 w-4" aria-hidden />
      </button>
      <button
        type="button"
        className={button}
        disabled={position >= siblings - 1}
        onClick={() => onChange(moveStep(workout, path, 1))}
        aria-label={t('builder.moveDown', { step: label })}
      >
        <ArrowDown className="h-4 w-4" aria-hidden />
      </button>
      <button
        type="button"
        className={button}
        onClick={() => onChange(removeStep(workout, path))}
        aria-label={t('builder.remove', { step: label })}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
    </span>
  );
}

function StepRow({
  step,
  path,
  label,
  workout,
  ftpW,
  onChange,
  siblings,
}: {
  step: PlainStep;
  path: StepPath;
  label: string;
  workout: Workout;
  ftpW: number | undefined;
  onChange: (workout: Workout) => void;
  siblings: number;
}) {
  const { t } = useTranslation('plan');
  const update = (change: (s: PlainStep) => PlainStep) => onChange(updatePlainStep(workout, path, change));
  const targetType: Target['type'] | 'none' = step.target?.type ?? 'none';
  const minutes = Math.floor(step.durationS / 60);
  const seconds = step.durationS % 60;
  const setDuration = (m: number, s: number) =>
    update((x) => ({ ...x, durationS: Math.max(0, Math.round(m) * 60 + Math.round(s)) }));
  const power = step.target && step.target.type !== 'hrZone' ? step.target : undefined;
  const unit = power?.type === 'watts' ? 'W' : '%';
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2 dark:bg-slate-900/40"
      data-testid="builder-step"
    >
      <span className="sr-only">{label}</span>
      <select
        value={step.kind}
        aria-label={t('builder.kindOf', { step: label })}
        onChange={(e) => {
          const kind = e.target.value as StepKind;
          update((x) =>
            kind === 'free'
              ? withTargetType(x, 'none', ftpW)
              : { ...(x.kind === 'free' ? withTargetType(x, 'ftpPercent', ftpW) : x), kind },
          );
        }}
        className={small}
      >
        {KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`builder.kind.${k}`)}
          </option>
        ))}
      </select>
      <span className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
        <input
          type="number"
          min={0}
          max={360}
          value={minutes}
          onChange={(e) => setDuration(Number(e.target.value) || 0, seconds)}
          className={cn(small, 'w-16')}
          aria-label={t('builder.minutesOf', { step: label })}
        />
        {t('builder.min')}
        <input
          type="number"
          min={0}
          max={59}
          value={seconds}
          onChange={(e) => setDuration(minutes, Number(e.target.value) || 0)}
          className={cn(small, 'w-14')}
          aria-label={t('builder.secondsOf', { step: label })}
        />
        {t('builder.sec')}
      </span>
      <select
        value={targetType}
        aria-label={t('builder.targetTypeOf', { step: label })}
        onChange={(e) => update((x) => withTargetType(x, e.target.value as Target['type'] | 'none', ftpW))}
        className={small}
      >
        <option value="ftpPercent">{t('builder.target.ftpPercent')}</option>
        <option value="watts">{t('builder.target.watts')}</option>
        <option value="hrZone">{t('builder.target.hrZone')}</option>
        <option value="none">{t('builder.target.none')}</option>
      </select>
      {power && (
        <span className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
          <input
            type="number"
            min={1}
            value={power.low}
            onChange={(e) => {
              const low = Number(e.target.value) || 0;
              update((x) => ({
                ...x,
                target: { ...power, low, high: power.high === power.low && !x.ramp ? low : power.high },
              }));
            }}
            className={cn(small, 'w-20')}
            aria-label={t(step.ramp ? 'builder.fromOf' : 'builder.lowOf', { step: label })}
          />
          {step.ramp ? '→' : '–'}
          <input
            type="number"
            min={1}
            value={power.high}
            onChange={(e) =>
              update((x) => ({ ...x, target: { ...power, high: Number(e.target.value) || 0 } }))
            }
            className={cn(small, 'w-20')}
            aria-label={t(step.ramp ? 'builder.toOf' : 'builder.highOf', { step: label })}
          />
          {unit}
        </span>
      )}
      {step.target?.type === 'hrZone' && (
        <select
          value={step.target.zone}
          aria-label={t('builder.zoneOf', { step: label })}
          onChange={(e) =>
            update((x) => ({ ...x, target: { type: 'hrZone', zone: Number(e.target.value) } }))
          }
          className={small}
        >
          {[1, 2, 3, 4, 5].map((z) => (
            <option key={z} value={z}>
              Z{z}
            </option>
          ))}
        </select>
      )}
      {power && (
        <label className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
          <input
            type="checkbox"
            checked={step.ramp === true}
            onChange={(e) =>
              update((x) => {
                const { ramp: _ramp, ...rest } = x;
                return e.target.checked ? { ...rest, ramp: true } : rest;
              })
            }
          />
          {t('builder.ramp')}
        </label>
      )}
      <span className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
        <input
          type="number"
          min={1}
          max={200}
          placeholder={t('builder.cadencePlaceholder')}
          value={step.cadenceRpm ?? ''}
          onChange={(e) =>
            update((x) => {
              const { cadenceRpm: _c, ...rest } = x;
              const rpm = Math.round(Number(e.target.value));
              return e.target.value === '' || !rpm ? rest : { ...rest, cadenceRpm: rpm };
            })
          }
          className={cn(small, 'w-24')}
          aria-label={t('builder.cadenceOf', { step: label })}
        />
        rpm
      </span>
      <RowActions path={path} workout={workout} onChange={onChange} siblings={siblings} label={label} />
    </div>
  );
}
