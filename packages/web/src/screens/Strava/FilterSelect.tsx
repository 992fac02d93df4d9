/** A labelled <select> of the sync dashboard's filters: one option per value, each with its words. */
export function FilterSelect<V extends string | number>({
  label,
  testId,
  value,
  values,
  optionLabel,
  onChange,
}: {
  label: string;
  testId: string;
  value: V;
  values: readonly V[];
  optionLabel: (value: V) => string;
  onChange: (value: V) => void;
}) {
  return (
    <label className="text-sm">
      <span className="mb-1 block text-slate-600 dark:text-slate-300">{label}</span>
      <select
        data-testid={testId}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
        value={value}
        // The option chosen is one of `values`; matched back by its text so numbers stay numbers.
        onChange={(e) => onChange(values.find((v) => String(v) === e.target.value) ?? value)}
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {optionLabel(v)}
          </option>
        ))}
      </select>
    </label>
  );
}
