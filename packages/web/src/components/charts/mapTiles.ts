// Web Mercator, the projection of XYZ ("slippy map") tiles: at zoom z the world is a square of
// 256·2^z pixels, x growing east from longitude −180°, y growing south from latitude +85.05°.
// https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames

export const TILE_SIZE_PX = 256;
/** Latitude where Web Mercator's square world ends (atan(sinh(π)) in degrees). */
export const MAX_LATITUDE_DEG = 85.0511287798066;

/** World pixel [x, y] of a point at a zoom level (fractional zooms allowed). */
export function worldPixel(latDeg: number, lngDeg: number, zoom: number): [number, number] {
  const worldPx = TILE_SIZE_PX * 2 ** zoom;
  const lat = (Math.max(-MAX_LATITUDE_DEG, Math.min(MAX_LATITUDE_DEG, latDeg)) * Math.PI) / 180;
  const x = ((lngDeg + 180) / 360) * worldPx;
  const y = ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * worldPx;
  return [x, y];
}

/** The inverse: [lat, lng] in degrees of a world pixel at a zoom level. */
export function latLngAt(xPx: number, yPx: number, zoom: number): [number, number] {
  const worldPx = TILE_SIZE_PX * 2 ** zoom;
  const lng = (xPx / worldPx) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * yPx) / worldPx))) * 180) / Math.PI;
  return [lat, lng];
}

/** A box in world pixels at zoom 0 (multiply by 2^z for zoom z). */
export interface WorldBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * The largest whole zoom ≤ maxZoom at which the box, plus `paddingPx` on every side, fits a
 * map of widthPx × heightPx; 0 when even the whole world does not fit.
 */
export function fitZoom(
  box: WorldBox,
  widthPx: number,
  heightPx: number,
  paddingPx: number,
  maxZoom: number,
): number {
  const spanX = box.maxX - box.minX;
  const spanY = box.maxY - box.minY;
  const roomX = Math.max(1, widthPx - 2 * paddingPx);
  const roomY = Math.max(1, heightPx - 2 * paddingPx);
  // A single point (span 0) would fit at any zoom: the maximum is the answer then.
  const byX = spanX > 0 ? Math.log2(roomX / spanX) : Number.POSITIVE_INFINITY;
  const byY = spanY > 0 ? Math.log2(roomY / spanY) : Number.POSITIVE_INFINITY;
  // The epsilon keeps an exact fit (log2 of a power of two computed as 2.9999999) at its zoom.
  return Math.max(0, Math.min(Math.floor(maxZoom), Math.floor(Math.min(byX, byY) + 1e-9)));
}

export interface Tile {
  z: number;
  /** Tile column, wrapped into 0…2^z−1 (the map may cross the antimeridian). */
  x: number;
  y: number;
  /** Where the tile's top-left corner falls on the map, in map pixels. */
  leftPx: number;
  topPx: number;
}

/**
 * The tiles covering a map whose top-left corner is world pixel (originX, originY) at zoom z,
 * row by row. Rows beyond the poles do not exist and are left out.
 */
export function tilesCovering(
  originXPx: number,
  originYPx: number,
  widthPx: number,
  heightPx: number,
  zoom: number,
): Tile[] {
  const count = 2 ** zoom;
  const firstX = Math.floor(originXPx / TILE_SIZE_PX);
  const lastX = Math.floor((originXPx + widthPx - 1e-9) / TILE_SIZE_PX);
  const firstY = Math.max(0, Math.floor(originYPx / TILE_SIZE_PX));
  const lastY = Math.min(count - 1, Math.floor((originYPx + heightPx - 1e-9) / TILE_SIZE_PX));
  const tiles: Tile[] = [];
  for (let ty = firstY; ty <= lastY; ty++) {
    for (let tx = firstX; tx <= lastX; tx++) {
      tiles.push({
        z: zoom,
        x: ((tx % count) + count) % count,
        y: ty,
        leftPx: tx * TILE_SIZE_PX - originXPx,
        topPx: ty * TILE_SIZE_PX - originYPx,
      });
    }
  }
  return tiles;
}

/** The tile's address from the operator's template (`{z}`, `{x}`, `{y}` replaced everywhere). */
export function tileUrl(template: string, tile: Pick<Tile, 'z' | 'x' | 'y'>): string {
  return template
    .replaceAll('{z}', String(tile.z))
    .replaceAll('{x}', String(tile.x))
    .replaceAll('{y}', String(tile.y));
}
