import { describe, expect, test } from 'vitest';
import { fitZoom, latLngAt, MAX_LATITUDE_DEG, tilesCovering, tileUrl, worldPixel } from './mapTiles';

describe('Web Mercator world pixels', () => {
  test('lat 0, lng 0 is the centre of the one zoom-0 tile: pixel 128, 128', () => {
    const [x, y] = worldPixel(0, 0, 0);
    expect(x).toBeCloseTo(128, 9);
    expect(y).toBeCloseTo(128, 9);
  });

  test('the world is 256·2^z pixels: lng −180 is x 0, lng +180 is the far edge; the poles clamp to the square', () => {
    expect(worldPixel(0, -180, 3)[0]).toBe(0);
    expect(worldPixel(0, 180, 3)[0]).toBe(2048);
    expect(worldPixel(MAX_LATITUDE_DEG, 0, 3)[1]).toBeCloseTo(0, 6);
    expect(worldPixel(-MAX_LATITUDE_DEG, 0, 3)[1]).toBeCloseTo(2048, 6);
    expect(worldPixel(89.9, 0, 3)[1]).toBeCloseTo(0, 6);
  });

  test("Madrid's Puerta del Sol (40.4168, −3.7038) at zoom 12 is tile 2005/1544, as the slippy-map formula gives", () => {
    // xtile = ⌊(lng + 180)/360 · 2^12⌋ = ⌊176.2962/360 · 4096⌋ = ⌊2005.86⌋ = 2005
    // ytile = ⌊(1 − asinh(tan φ)/π)/2 · 2^12⌋ = ⌊(1 − 0.77244/π)/2 · 4096⌋ = ⌊1544.45⌋ = 1544
    const [x, y] = worldPixel(40.4168, -3.7038, 12);
    expect(Math.floor(x / 256)).toBe(2005);
    expect(Math.floor(y / 256)).toBe(1544);
    expect(x / 256).toBeCloseTo(2005.859, 3);
    expect(y / 256).toBeCloseTo(1544.451, 3);
  });

  test('latLngAt undoes worldPixel', () => {
    for (const [lat, lng, z] of [
      [40.4168, -3.7038, 12],
      [-33.8568, 151.2153, 15],
      [64.1466, -21.9426, 7],
    ] as const) {
      const [x, y] = worldPixel(lat, lng, z);
      const [lat2, lng2] = latLngAt(x, y, z);
      expect(lat2).toBeCloseTo(lat, 9);
      expect(lng2).toBeCloseTo(lng, 9);
    }
  });
});

describe('zoom that fits the track', () => {
  // 1 world pixel at zoom 0 is 2^z pixels at zoom z.
  const box = { minX: 100, minY: 50, maxX: 101, maxY: 50.5 };

  test('the largest zoom at which the padded track fits: the width limits here', () => {
    // Room 600 − 48 = 552 px wide: 2^9 = 512 ≤ 552 < 1024. Height: 0.5 · 512 = 256 ≤ 400 − 48.
    expect(fitZoom(box, 600, 400, 24, 18)).toBe(9);
  });

  test('the height limits when it is the tighter side', () => {
    // Room 152 px tall: 0.5 · 2^8 = 128 ≤ 152 < 256 = 0.5 · 2^9.
    expect(fitZoom(box, 600, 200, 24, 18)).toBe(8);
  });

  test('never beyond the tile server max zoom; an exact fit keeps its zoom', () => {
    expect(fitZoom(box, 600, 400, 24, 5)).toBe(5);
    expect(fitZoom({ minX: 0, minY: 0, maxX: 0.5, maxY: 0.5 }, 256 + 48, 256 + 48, 24, 18)).toBe(9);
  });

  test('one point fits at the max zoom; a track wider than the world at zoom 0 gets zoom 0', () => {
    expect(fitZoom({ minX: 10, minY: 10, maxX: 10, maxY: 10 }, 600, 400, 24, 16)).toBe(16);
    expect(fitZoom({ minX: 0, minY: 0, maxX: 256, maxY: 256 }, 300, 300, 24, 18)).toBe(0);
  });
});

describe('tiles covering the map', () => {
  test('every tile the map box touches, row by row, placed relative to the box', () => {
    // Columns ⌊100/256⌋ = 0 … ⌊699/256⌋ = 2; rows ⌊50/256⌋ = 0 … ⌊349/256⌋ = 1.
    const tiles = tilesCovering(100, 50, 600, 300, 12);
    expect(tiles.map((t) => `${t.x}/${t.y}`)).toEqual(['0/0', '1/0', '2/0', '0/1', '1/1', '2/1']);
    expect(tiles[0]).toEqual({ z: 12, x: 0, y: 0, leftPx: -100, topPx: -50 });
    expect(tiles[5]).toEqual({ z: 12, x: 2, y: 1, leftPx: 412, topPx: 206 });
  });

  test('a box ending exactly on a tile edge does not ask for the next tile', () => {
    expect(tilesCovering(256, 0, 512, 256, 4).map((t) => t.x)).toEqual([1, 2]);
  });

  test('columns wrap across the antimeridian; rows beyond the poles are left out', () => {
    const tiles = tilesCovering(-100, -100, 300, 500, 1);
    expect(tiles.map((t) => `${t.x}/${t.y}`)).toEqual(['1/0', '0/0', '1/1', '0/1']);
    expect(tiles[0]).toMatchObject({ leftPx: -156, topPx: 100 });
  });
});

test('tile URL from the template', () => {
  expect(tileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { z: 12, x: 2005, y: 1544 })).toBe(
    'https://tile.openstreetmap.org/12/2005/1544.png',
  );
  expect(tileUrl('http://127.0.0.1:8088/t/{z}-{x}-{y}.svg?key=a{z}', { z: 3, x: 1, y: 2 })).toBe(
    'http://127.0.0.1:8088/t/3-1-2.svg?key=a3',
  );
});
