import { useId } from 'react';
import { cn } from '../../components/ui/cn';

interface PowerChartProps {
  /** Power samples in watts, evenly spaced in time. */
  data: readonly number[];
  /** Top of the vertical scale, in watts. */
  maxWatts: number;
  /** Draws a dashed threshold line at this power. */
  ftp?: number;
  /** Accessible description of the chart. */
  label: string;
  className?: string;
}

/**
 * A power trace drawn as an area. The SVG stretches to its box (no text inside it), so it stays
 * crisp at any width; labels around it are ordinary HTML.
 */
export function PowerChart({ data, maxWatts, ftp, label, className }: PowerChartProps) {
  const gradientId = `power-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const last = Math.max(data.length - 1, 1);
  const line = data
    .map((watts, i) => `${i === 0 ? 'M' : 'L'}${i},${maxWatts - Math.min(watts, maxWatts)}`)
    .join(' ');
  const area = `${line} L${last},${maxWatts} L0,${maxWatts} Z`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${last} ${maxWatts}`}
      preserveAspectRatio="none"
      className={cn('block h-full w-full', className)}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="#f97316" stopOpacity="0.45" />
          <stop offset="100%" stopColor="#f97316" stopOpacity="0.02" />
        </linearGradient>
      </defs>
      <path d={area} fill={`url(#${gradientId})`} />
      <path
        d={line}
        fill="none"
        stroke="#ea580c"
        strokeWidth="2"
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
      {ftp !== undefined && (
        <line
          x1="0"
          x2={last}
          y1={maxWatts - ftp}
          y2={maxWatts - ftp}
          stroke="#475569"
          strokeWidth="1.5"
          strokeDasharray="6 5"
          vectorEffect="non-scaling-stroke"
        />
      )}
    </svg>
  );
}
