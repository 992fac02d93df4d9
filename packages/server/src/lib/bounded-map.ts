/**
 * Sets `key` as the newest entry of `map`, first dropping the oldest entry when the map already
 * holds `max` (a Map keeps insertion order). For the in-memory caches keyed by request input, which
 * must not grow without bound.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}
