import { type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { MapTiles } from '../../api/client-config';
import { fitZoom, TILE_SIZE_PX, type Tile, tilesCovering, tileUrl, worldPixel } from './mapTiles';

type Point = [number, number];
type LatLng = Point | null;

const WIDTH = 1000;
const MAX_POINTS = 4000;

interface Projected {
  paths: string[];
  /** Size of the drawing in SVG units (the plain map is 1000 wide; the tiled one is in CSS pixels). */
  width: number;
  height: number;
  project: (p: Point) => Point;
  start: Point | null;
  end: Point | null;
}

interface TiledProjection extends Projected {
  zoom: number;
  tiles: Tile[];
}

/** A usable fix: finite, and not the 0,0 some devices record before they have one. */
function isFix(p: LatLng | undefined): p is Point {
  return !!p && Number.isFinite(p[0]) && Number.isFinite(p[1]) && !(p[0] === 0 && p[1] === 0);
}

function fixBounds(latlng: LatLng[]) {
  let minLat = Number.POSITIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  let minLng = Number.POSITIVE_INFINITY;
  let maxLng = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const p of latlng) {
    if (!isFix(p)) continue;
    minLat = Math.min(minLat, p[0]);
    maxLat = Math.max(maxLat, p[0]);
    minLng = Math.min(minLng, p[1]);
    maxLng = Math.max(maxLng, p[1]);
    count++;
  }
  return count < 2 ? null : { minLat, maxLat, minLng, maxLng, count };
}

/**
 * SVG path data for the fixes in [from, to): a missing fix breaks the line; at most ~4,000 vertices
 * (every step-th fix, plus the last one before each break).
 */
function trace(latlng: LatLng[], project: (p: Point) => Point, from: number, to: number) {
  const step = Math.max(1, Math.ceil((to - from) / MAX_POINTS));
  const paths: string[] = [];
  let current = '';
  let start: Point | null = null;
  let end: Point | null = null;
  for (let i = from; i < to; i++) {
    const p = latlng[i];
    if (!isFix(p)) {
      if (current) paths.push(current);
      current = '';
      continue;
    }
    const last = i === to - 1 || !latlng[i + 1];
    if (current && (i - from) % step !== 0 && !last) continue;
    const [x, y] = project(p);
    start ??= [x, y];
    end = [x, y];
    current += `${current ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  if (current) paths.push(current);
  return { paths, start, end };
}

/**
 * Equirectangular projection around the ride's mean latitude (distances right at ride scale), fit
 * into a 1000-unit-wide box; a missing fix breaks the line. At most ~4,000 vertices are drawn.
 */
export function projectRoute(latlng: LatLng[], padding = 24): Projected | null {
  const bounds = fixBounds(latlng);
  if (!bounds) return null;
  const { minLat, maxLat, minLng, maxLng } = bounds;
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLng - minLng) * kx, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const inner = WIDTH - 2 * padding;
  const scale = inner / Math.max(spanX, spanY * 1.6);
  const drawnW = spanX * scale;
  const height = Math.max(200, Math.min(700, spanY * scale + 2 * padding));
  const offsetX = (WIDTH - drawnW) / 2;
  const offsetY = (height - spanY * scale) / 2;
  const project = (p: Point): Point => [
    offsetX + (p[1] - minLng) * kx * scale,
    offsetY + (maxLat - p[0]) * scale,
  ];
  return { ...trace(latlng, project, 0, latlng.length), width: WIDTH, height, project };
}

/**
 * Web Mercator (the tiles' projection) on a map `widthPx` CSS pixels wide, so tiles show at their
 * own 256 px: the largest zoom ≤ maxZoom at which the padded track fits, the track centred, and
 * the tiles under it. The height follows the track's shape, 40–75 % of the width.
 */
export function projectRouteOnTiles(
  latlng: LatLng[],
  widthPx: number,
  maxZoom: number,
  paddingPx = 24,
): TiledProjection | null {
  const bounds = fixBounds(latlng);
  if (!bounds) return null;
  const [minX, minY] = worldPixel(bounds.maxLat, bounds.minLng, 0);
  const [maxX, maxY] = worldPixel(bounds.minLat, bounds.maxLng, 0);
  const shape = (maxY - minY) / Math.max(maxX - minX, 1e-12);
  const height = Math.round(
    Math.min(0.75 * widthPx, Math.max(0.4 * widthPx, (widthPx - 2 * paddingPx) * shape + 2 * paddingPx)),
  );
  const zoom = fitZoom({ minX, minY, maxX, maxY }, widthPx, height, paddingPx, maxZoom);
  const scale = 2 ** zoom;
  // Whole pixels: tiles at fractional offsets show hairline seams between them.
  const originX = Math.round(((minX + maxX) / 2) * scale - widthPx / 2);
  const originY = Math.round(((minY + maxY) / 2) * scale - height / 2);
  const project = (p: Point): Point => {
    const [x, y] = worldPixel(p[0], p[1], zoom);
    return [x - originX, y - originY];
  };
  return {
    ...trace(latlng, project, 0, latlng.length),
    width: widthPx,
    height,
    project,
    zoom,
    tiles: tilesCovering(originX, originY, widthPx, height, zoom),
  };
}

/** The element's width in whole CSS pixels, kept current; null before the first layout. */
function useWidthPx(ref: RefObject<HTMLElement | null>, active: boolean): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const measure = () => setWidth(Math.round(element.getBoundingClientRect().width) || null);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active]);
  return width;
}

function Track({
  route,
  highlighted,
  scale,
  casing,
}: {
  route: Projected;
  highlighted: string[] | null;
  /** Stroke widths and marker sizes are multiplied by this. */
  scale: number;
  /** A white edge under the lines, so they stand out on busy map tiles. */
  casing: boolean;
}) {
  const line = { fill: 'none', strokeLinejoin: 'round', strokeLinecap: 'round' } as const;
  return (
    <>
      {casing &&
        route.paths.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments are positional
          <path key={`c${i}`} d={d} {...line} stroke="white" strokeOpacity={0.85} strokeWidth={7 * scale} />
        ))}
      {route.paths.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the segments are positional
        <path key={i} d={d} {...line} stroke="#ea580c" strokeWidth={3 * scale} />
      ))}
      {highlighted?.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the segments are positional
        <path key={`h${i}`} d={d} {...line} stroke="#2563eb" strokeWidth={5 * scale} />
      ))}
      {route.start && (
        <circle
          cx={route.start[0]}
          cy={route.start[1]}
          r={8 * scale}
          fill="#16a34a"
          stroke="white"
          strokeWidth={2 * scale}
        />
      )}
      {route.end && (
        <circle
          cx={route.end[0]}
          cy={route.end[1]}
          r={8 * scale}
          fill="#dc2626"
          stroke="white"
          strokeWidth={2 * scale}
        />
      )}
    </>
  );
}

/**
 * The ride's GPS track with the selected range highlighted: over the operator's map tiles when a
 * tile server is configured, else on a plain background (no third party is contacted).
 */
export function RouteMap({
  latlng,
  highlight,
  label,
  tiles,
}: {
  latlng: LatLng[];
  /** Index range [from, to) of the selection, drawn over the track. */
  highlight?: { from: number; to: number } | null;
  label: string;
  /** The tile server from the client configuration; null or absent: plain background. */
  tiles?: MapTiles | null;
}) {
  const wrapper = useRef<HTMLDivElement>(null);
  const hasTrack = useMemo(() => fixBounds(latlng) !== null, [latlng]);
  const widthPx = useWidthPx(wrapper, !!tiles && hasTrack);
  const plain = useMemo(() => (tiles ? null : projectRoute(latlng)), [tiles, latlng]);
  const tiled = useMemo(
    () => (tiles && widthPx ? projectRouteOnTiles(latlng, widthPx, tiles.max_zoom) : null),
    [tiles, widthPx, latlng],
  );
  const route = tiled ?? plain;
  const highlighted = useMemo(() => {
    if (!route || !highlight) return null;
    // The part, with the whole ride's projection.
    return trace(latlng, route.project, highlight.from, highlight.to).paths;
  }, [route, latlng, highlight]);
  // A tile that fails to load is left out: the plain background shows through, never a broken image.
  const [failedUrls, setFailedUrls] = useState<ReadonlySet<string>>(() => new Set());
  const markFailed = useCallback(
    (url: string) => setFailedUrls((previous) => new Set(previous).add(url)),
    [],
  );

  if (tiles && hasTrack) {
    // No tile shown (the server is down): nothing to credit.
    const allFailed = !!tiled && tiled.tiles.every((tile) => failedUrls.has(tileUrl(tiles.tile_url, tile)));
    return (
      <div ref={wrapper} className="relative">
        {tiled && (
          <svg
            data-testid="ride-map"
            data-tile-zoom={tiled.zoom}
            viewBox={`0 0 ${tiled.width} ${tiled.height}`}
            role="img"
            aria-label={label}
            className="block h-auto w-full overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-900"
          >
            <title>{label}</title>
            <g>
              {tiled.tiles.map((tile) => {
                const url = tileUrl(tiles.tile_url, tile);
                if (failedUrls.has(url)) return null;
                return (
                  <image
                    key={`${url}@${tile.leftPx}`}
                    data-testid="map-tile"
                    href={url}
                    x={tile.leftPx}
                    y={tile.topPx}
                    width={TILE_SIZE_PX}
                    height={TILE_SIZE_PX}
                    preserveAspectRatio="none"
                    onError={() => markFailed(url)}
                  />
                );
              })}
            </g>
            <Track route={tiled} highlighted={highlighted} scale={0.9} casing />
          </svg>
        )}
        {tiled && tiles.attribution && !allFailed && (
          <div
            data-testid="map-attribution"
            className="absolute right-0 bottom-0 max-w-full truncate rounded-tl-md rounded-br-lg bg-white/80 px-1.5 py-0.5 text-[11px] text-slate-700"
          >
            {tiles.attribution}
          </div>
        )}
      </div>
    );
  }

  if (!route || tiles) return null;
  return (
    <svg
      data-testid="ride-map"
      viewBox={`0 0 ${WIDTH} ${route.height.toFixed(0)}`}
      role="img"
      aria-label={label}
      className="h-auto w-full rounded-lg bg-slate-100 dark:bg-slate-900"
    >
      <title>{label}</title>
      <Track route={route} highlighted={highlighted} scale={1} casing={false} />
    </svg>
  );
}
