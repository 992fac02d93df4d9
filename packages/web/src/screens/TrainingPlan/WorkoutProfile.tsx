import { flattenWorkout, type Workout } from '@vatio/analysis';
import { useMemo } from 'react';

/**
 * Colour of a Coggan training level (Allen & Coggan's levels by % FTP: 1 < 55, 2 56–75, 3 76–90,
 * 4 91–105, 5 106–120, 6 121–150, 7 > 150), as most workout tools colour their profiles.
 */
export function levelColour(percentFtp: number): string {
  if (percentFtp < 56) return '#94a3b8';
  if (percentFtp < 76) return '#3b82f6';
  if (percentFtp < 91) return '#22c55e';
  if (percentFtp < 106) return '#eab308';
  if (percentFtp < 121) return '#f97316';
  if (percentFtp < 151) return '#ef4444';
  return '#a855f7';
}

/**
 * The workout's shape: one bar (or slope, for a ramp) per step, as high as its target in % FTP, as
 * wide as its duration. Without an FTP, % FTP steps are drawn as they are and watt steps against the
 * highest watt target (the shape stays right, the scale is relative). A free ride is a grey hatched
 * block; a heart-rate step is drawn at its zone's power band, outlined dashed (an estimate).
 */
export function WorkoutProfile({
  workout,
  ftpW,
  label,
  height = 64,
  className,
}: {
  workout: Workout;
  ftpW: number | undefined;
  /** The accessible description of the picture (name, duration, load). */
  label: string;
  height?: number;
  className?: string;
}) {
  const shapes = useMemo(() => {
    const wattTargets = workout.steps.flatMap((s) =>
      (s.kind === 'repeat' ? s.steps : [s]).flatMap((p) =>
        p.target?.type === 'watts' ? [p.target.low, p.target.high] : [],
      ),
    );
    // The scale: the rider's FTP, or 100 so % FTP reads as itself, or the highest watt target.
    const scaleW = ftpW ?? (wattTargets.length > 0 && !hasPercent(workout) ? Math.max(...wattTargets) : 100);
    const flat = flattenWorkout(workout, scaleW);
    const totalS = flat.at(-1)?.endS ?? 0;
    const pctOf = (w: number | undefined) => (w === undefined ? 50 : (w / scaleW) * 100);
    const top = Math.max(130, ...flat.map((s) => Math.max(pctOf(s.powerStartW), pctOf(s.powerEndW)))) * 1.05;
    return {
      totalS,
      top,
      steps: flat.map((s) => {
        const start = pctOf(s.powerStartW);
        const end = pctOf(s.powerEndW);
        return {
          key: s.index,
          x0: totalS > 0 ? (s.startS / totalS) * 1000 : 0,
          x1: totalS > 0 ? (s.endS / totalS) * 1000 : 0,
          y0: 100 - (start / top) * 100,
          y1: 100 - (end / top) * 100,
          free: s.powerStartW === undefined,
          estimated: s.powerEstimated,
          colour: levelColour((start + end) / 2),
        };
      }),
    };
  }, [workout, ftpW]);
  const ftpLine = 100 - (100 / shapes.top) * 100;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 1000 100"
      preserveAspectRatio="none"
      className={className ?? 'w-full'}
      style={{ height }}
      data-testid="workout-profile"
    >
      <defs>
        <pattern
          id="free-hatch"
          width="8"
          height="8"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="8" height="8" fill="#e2e8f0" />
          <line x1="0" y1="0" x2="0" y2="8" stroke="#94a3b8" strokeWidth="3" />
        </pattern>
      </defs>
      {shapes.steps.map((s) => (
        <polygon
          key={s.key}
          points={`${s.x0},100 ${s.x0},${s.y0} ${s.x1},${s.y1} ${s.x1},100`}
          fill={s.free ? 'url(#free-hatch)' : s.colour}
          fillOpacity={s.estimated ? 0.45 : 0.9}
          stroke={s.estimated ? s.colour : 'white'}
          strokeWidth={s.estimated ? 2 : 0.75}
          strokeDasharray={s.estimated ? '6 4' : undefined}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      <line
        x1="0"
        x2="1000"
        y1={ftpLine}
        y2={ftpLine}
        stroke="#64748b"
        strokeDasharray="4 4"
        strokeWidth="1"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

function hasPercent(workout: Workout): boolean {
  return workout.steps.some((s) =>
    (s.kind === 'repeat' ? s.steps : [s]).some(
      (p) => p.target?.type === 'ftpPercent' || p.target?.type === 'hrZone',
    ),
  );
}
