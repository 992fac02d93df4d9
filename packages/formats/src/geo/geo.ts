/** FIT stores positions in semicircles: 2^31 semicircles = 180° (FIT profile, type sint32 "semicircles"). */
export function semicirclesToDegrees(semicircles: number): number {
  return semicircles * (180 / 2 ** 31);
}

const EARTH_RADIUS_M = 6_371_008.8; // IUGG mean radius

/** Great-circle distance between two points in degrees (haversine). */
export function haversineM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Cumulative distance along a track; a point without a position carries the previous total (NaN before
 * the first fix), so a GPS dropout never adds distance.
 */
export function cumulativeDistanceM(latDeg: readonly number[], lngDeg: readonly number[]): number[] {
  const out: number[] = [];
  let total = Number.NaN;
  let prevLat = Number.NaN;
  let prevLng = Number.NaN;
  for (let i = 0; i < latDeg.length; i++) {
    const lat = latDeg[i] ?? Number.NaN;
    const lng = lngDeg[i] ?? Number.NaN;
    if (Number.isFinite(lat) && Number.isFinite(lng)) {
      total = Number.isFinite(prevLat)
        ? total + haversineM(prevLat, prevLng, lat, lng)
        : Number.isFinite(total)
          ? total
          : 0;
      prevLat = lat;
      prevLng = lng;
    }
    out.push(total);
  }
  return out;
}

/** A position is plausible when it lies on the globe and is not the (0, 0) placeholder some units write. */
export function isPlausiblePosition(lat: number, lng: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  );
}
