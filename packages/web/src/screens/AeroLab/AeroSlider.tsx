import { formulaHref, type FormulaId } from '../../lib/formula-links';

/** One labelled range input; its value links to the formula it feeds. */
export function AeroSlider({
  id,
  label,
  formula,
  range,
  value,
  text,
  onChange,
  reset,
}: {
  id: string;
  label: string;
  formula: FormulaId;
  range: { min: number; max: number; step: number };
  value: number;
  text: string;
  onChange: (value: number) => void;
  reset?: { label: string; onReset: () => void } | undefined;
}) {
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <label htmlFor={id} className="font-medium text-slate-700 dark:text-slate-200">
          {label}
        </label>
        <a
          href={formulaHref(formula)}
          className="tabular-nums underline decoration-dotted"
          data-testid={`${id}-value`}
        >
          {text}
        </a>
      </div>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-rose-600"
      />
      {reset && (
        <button type="button" className="text-xs underline" onClick={reset.onReset}>
          {reset.label}
        </button>
      )}
    </div>
  );
}
