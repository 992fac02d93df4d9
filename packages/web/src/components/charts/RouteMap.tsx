import { useMemo } from 'react';

type LatLng = [number, number] | null;

const WIDTH = 1000;
const MAX_POINTS = 4000;

interface Projected {
  paths: string[];
  height: number;
  project: (p: [number, number]) => [number, number];
  start: [number, number] | null;
  end: [number, number] | null;
}

/**
 * Equirectangular projection around the ride's mean latitude (distances right at ride scale), fit
 * into a 1000-unit-wide box; a missing fix breaks the line. At most ~4,000 vertices are drawn.
 */
export function projectRoute(latlng: LatLng[], padding = 24): Projected | null {
  let minLat = Number.POSITIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  let minLng = Number.POSITIVE_INFINITY;
  let maxLng = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const p of latlng) {
    if (!p || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) continue;
    if (p[0] === 0 && p[1] === 0) continue;
    minLat = Math.min(minLat, p[0]);
    maxLat = Math.max(maxLat, p[0]);
    minLng = Math.min(minLng, p[1]);
    maxLng = Math.max(maxLng, p[1]);
    count++;
  }
  if (count < 2) return null;
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLng - minLng) * kx, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const inner = WIDTH - 2 * padding;
  const scale = inner / Math.max(spanX, spanY * 1.6);
  const drawnW = spanX * scale;
  const height = Math.max(200, Math.min(700, spanY * scale + 2 * padding));
  const offsetX = (WIDTH - drawnW) / 2;
  const offsetY = (height - spanY * scale) / 2;
  const project = (p: [number, number]): [number, number] => [
    offsetX + (p[1] - minLng) * kx * scale,
    offsetY + (maxLat - p[0]) * scale,
  ];

  const step = Math.max(1, Math.ceil(count / MAX_POINTS));
  const paths: string[] = [];
  let current = '';
  let start: [number, number] | null = null;
  let end: [number, number] | null = null;
  for (let i = 0; i < latlng.length; i++) {
    const p = latlng[i];
    const valid = p && Number.isFinite(p[0]) && Number.isFinite(p[1]) && !(p[0] === 0 && p[1] === 0);
    if (!valid) {
      if (current) paths.push(current);
      current = '';
      continue;
    }
    const last = i === latlng.length - 1 || !latlng[i + 1];
    if (current && i % step !== 0 && !last) continue;
    const [x, y] = project(p);
    start ??= [x, y];
    end = [x, y];
    current += `${current ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  if (current) paths.push(current);
  return { paths, height, project, start, end };
}

/** The ride's GPS track on a plain background (no tile server), with the selected range highlighted. */
export function RouteMap({
  latlng,
  highlight,
  label,
}: {
  latlng: LatLng[];
  /** Index range [from, to) of the selection, drawn over the track. */
  highlight?: { from: number; to: number } | null;
  label: string;
}) {
  const route = useMemo(() => projectRoute(latlng), [latlng]);
  const highlighted = useMemo(() => {
    if (!route || !highlight) return null;
    // The part, with the whole ride's projection.
    const d: string[] = [];
    let current = '';
    const step = Math.max(1, Math.ceil((highlight.to - highlight.from) / MAX_POINTS));
    for (let i = highlight.from; i < highlight.to; i++) {
      const p = latlng[i];
      if (!p || (p[0] === 0 && p[1] === 0)) {
        if (current) d.push(current);
        current = '';
        continue;
      }
      if (current && (i - highlight.from) % step !== 0) continue;
      const [x, y] = route.project(p);
      current += `${current ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
    }
    if (current) d.push(current);
    return d;
  }, [route, latlng, highlight]);

  if (!route) return null;
  return (
    <svg
      data-testid="ride-map"
      viewBox={`0 0 ${WIDTH} ${route.height.toFixed(0)}`}
      role="img"
      aria-label={label}
      className="h-auto w-full rounded-lg bg-slate-100 dark:bg-slate-900"
    >
      <title>{label}</title>
      {route.paths.map((d, i) => (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments are positional
          key={i}
          d={d}
          fill="none"
          stroke="#ea580c"
          strokeWidth={3}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
      {highlighted?.map((d, i) => (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments are positional
          key={`h${i}`}
          d={d}
          fill="none"
          stroke="#2563eb"
          strokeWidth={5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
      {route.start && (
        <circle cx={route.start[0]} cy={route.start[1]} r={8} fill="#16a34a" stroke="white" strokeWidth={2} />
      )}
      {route.end && (
        <circle cx={route.end[0]} cy={route.end[1]} r={8} fill="#dc2626" stroke="white" strokeWidth={2} />
      )}
    </svg>
  );
}
