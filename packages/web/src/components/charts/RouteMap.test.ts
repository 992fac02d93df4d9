import { describe, expect, test } from 'vitest';
import { projectRoute, projectRouteOnTiles } from './RouteMap';

// A loop of about 10 × 6 km north of Madrid, with a GPS drop-out in the middle.
const ride: ([number, number] | null)[] = [
  [40.5, -3.75],
  [40.55, -3.75],
  null,
  [40.55, -3.63],
  [40.5, -3.63],
];

describe('route over map tiles', () => {
  test('the largest zoom whose tiles hold the padded track, the track centred, start and end on it', () => {
    const route = projectRouteOnTiles(ride, 600, 18)!;
    // The track spans 0.12° of longitude: 0.12/360 · 256 · 2^z px ≤ 552 px → z = 12 (467 px); 13 is 932 px.
    expect(route.zoom).toBe(12);
    expect(route.width).toBe(600);
    expect(route.paths).toHaveLength(2);
    const [x0, y0] = route.start!;
    const [x1, y1] = route.end!;
    // Centred to the whole pixel (tiles are placed on whole pixels).
    expect(Math.abs((x0 + x1) / 2 - 300)).toBeLessThanOrEqual(1);
    const yNorth = route.project([40.55, -3.7])[1];
    expect(Math.abs((yNorth + y0) / 2 - route.height / 2)).toBeLessThanOrEqual(1);
    expect(y1).toBeCloseTo(y0, 6);
    expect(x0).toBeGreaterThanOrEqual(24);
    // North is up.
    expect(route.project([40.55, -3.75])[1]).toBeLessThan(route.project([40.5, -3.75])[1]);
  });

  test('the tiles cover the whole map box and sit on the 256-px grid', () => {
    const route = projectRouteOnTiles(ride, 600, 18)!;
    const left = Math.min(...route.tiles.map((t) => t.leftPx));
    const top = Math.min(...route.tiles.map((t) => t.topPx));
    const right = Math.max(...route.tiles.map((t) => t.leftPx + 256));
    const bottom = Math.max(...route.tiles.map((t) => t.topPx + 256));
    expect(left).toBeLessThanOrEqual(0);
    expect(top).toBeLessThanOrEqual(0);
    expect(right).toBeGreaterThanOrEqual(600);
    expect(bottom).toBeGreaterThanOrEqual(route.height);
    // Madrid at zoom 12 is around tile 2005/1544 (see mapTiles.test.ts): these tiles are its neighbours.
    for (const tile of route.tiles) {
      expect(tile.z).toBe(12);
      expect(Math.abs(tile.x - 2005)).toBeLessThanOrEqual(2);
      expect(Math.abs(tile.y - 1542)).toBeLessThanOrEqual(2);
      expect(Number.isInteger(tile.leftPx) && Number.isInteger(tile.topPx)).toBe(true);
    }
  });

  test("never deeper than the server's max zoom; a narrower map zooms out", () => {
    expect(projectRouteOnTiles(ride, 600, 10)!.zoom).toBe(10);
    expect(projectRouteOnTiles(ride, 340, 18)!.zoom).toBe(11);
  });

  test('no GPS, no route, as on the plain map', () => {
    expect(projectRouteOnTiles([null, [0, 0]], 600, 18)).toBeNull();
    expect(projectRoute([null, [0, 0]])).toBeNull();
  });
});
