import type { FlatStep } from '@vatio/analysis';
import type { OverviewData } from '../../api/overview';
import { zoneOf } from './liveSession';

/** Height given to a step without power (free ride, heart-rate zone): a low grey block. */
const NO_POWER_FRACTION = 0.15;

/**
 * The workout's target power, step by step, as blocks coloured by power zone (ramps as slopes), with
 * the ridden part shaded and a line where the rider is. Drawn in SVG: a few dozen shapes at most.
 */
export function WorkoutProfile({
  steps,
  durationS,
  zones,
  atS,
  label,
}: {
  steps: readonly FlatStep[];
  durationS: number;
  zones: OverviewData['live']['zones'];
  atS?: number;
  label: string;
}) {
  const topW = Math.max(1, ...steps.map((s) => s.powerHighW ?? 0)) * 1.1;
  const H = 100;
  const y = (w: number) => H - (w / topW) * H;
  return (
    <svg
      viewBox={`0 0 ${Math.max(1, durationS)} ${H}`}
      preserveAspectRatio="none"
      className="h-16 w-full rounded bg-slate-50 sm:h-20 dark:bg-slate-900/40"
      role="img"
      aria-label={label}
      data-testid="workout-profile"
    >
      {steps.map((s) => {
        const mid =
          s.powerStartW !== undefined && s.powerEndW !== undefined
            ? (s.powerStartW + s.powerEndW) / 2
            : undefined;
        const zone = zones.find((z) => z.zone === zoneOf(mid, zones));
        const fill = s.powerStartW === undefined || s.powerEstimated ? '#e2e8f0' : (zone?.color ?? '#f59e0b');
        const y0 = s.powerStartW === undefined ? H * (1 - NO_POWER_FRACTION) : y(s.powerStartW);
        const y1 = s.powerEndW === undefined ? H * (1 - NO_POWER_FRACTION) : y(s.powerEndW);
        return (
          <polygon
            key={s.index}
            points={`${s.startS},${H} ${s.startS},${y0} ${s.endS},${y1} ${s.endS},${H}`}
            fill={fill}
            fillOpacity={atS !== undefined && s.endS <= atS ? 0.45 : 0.9}
          />
        );
      })}
      {atS !== undefined && (
        <line
          x1={atS}
          x2={atS}
          y1={0}
          y2={H}
          stroke="currentColor"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          className="text-slate-900 dark:text-white"
        />
      )}
    </svg>
  );
}
