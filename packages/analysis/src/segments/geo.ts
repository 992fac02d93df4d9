/** Mean Earth radius, m (IUGG mean radius R1 = 6,371,008.8 m; Moritz 2000, *J Geodesy* 74:128). */
export const EARTH_RADIUS_M = 6_371_008.8;

export interface LatLng {
  readonly latDeg: number;
  readonly lngDeg: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Great-circle distance by the haversine formula (Sinnott 1984, *Sky & Telescope* 68:159), m. On a
 * sphere; the ellipsoid differs by under 0.5 %, far below the metres segment matching works in.
 */
export function haversineM(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latDeg - a.latDeg);
  const dLng = rad(b.lngDeg - a.lngDeg);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latDeg)) * Math.cos(rad(b.latDeg)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b, degrees clockwise from north in [0, 360). */
export function bearingDeg(a: LatLng, b: LatLng): number {
  const lat1 = rad(a.latDeg);
  const lat2 = rad(b.latDeg);
  const dLng = rad(b.lngDeg - a.lngDeg);
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Smallest angle between two bearings, degrees in [0, 180]. */
export function bearingDifferenceDeg(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}
