/**
 * Eight weekly values as a small line (spec 000 §9: 8-week sparkline). Weeks without data are
 * gaps, not zeros; a lone value is a dot.
 */
export function Sparkline({
  values,
  color,
  label,
  width = 120,
  height = 36,
}: {
  values: (number | null)[];
  color: string;
  label: string;
  width?: number;
  height?: number;
}) {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  const min = Math.min(...present);
  const max = Math.max(...present);
  const span = max - min || 1;
  const pad = 3;
  const x = (k: number) => pad + (k * (width - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v: number) => height - pad - ((v - min) / span) * (height - 2 * pad);
  const segments: string[] = [];
  let current = '';
  values.forEach((v, k) => {
    if (v === null) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    current += `${current ? 'L' : 'M'}${x(k).toFixed(1)},${y(v).toFixed(1)}`;
  });
  if (current) segments.push(current);
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      data-testid="sparkline"
    >
      {segments.map((d) => (
        <path
          key={d}
          d={d}
          fill="none"
          stroke={color}
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
      {values.map((v, k) =>
        v === null ? null : (
          // biome-ignore lint/suspicious/noArrayIndexKey: one dot per week, the week's position is its identity
          <circle key={`${k}-${v}`} cx={x(k)} cy={y(v)} r={k === values.length - 1 ? 3 : 1.8} fill={color} />
        ),
      )}
    </svg>
  );
}
