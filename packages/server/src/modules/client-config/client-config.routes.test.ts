import { afterEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('GET /api/client-config', () => {
  test('no tile server by default: Vatio contacts no third party', async () => {
    h = await createHarness();
    const response = await h.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ map: null });
  });

  test("the operator's tile server, attribution and max zoom, without signing in", async () => {
    h = await createHarness({
      MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
      MAP_TILE_MAX_ZOOM: '17',
    });
    const response = await h.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      map: {
        tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
        max_zoom: 17,
      },
    });
  });
});

describe('map tile configuration', () => {
  const base = { DATA_DIR: '/tmp/vatio-map-config-test', SECRET_KEY: 'e'.repeat(64) };

  test('max zoom defaults to 18; attribution to empty', () => {
    expect(loadConfig({ ...base, MAP_TILE_URL: 'http://127.0.0.1:8080/{z}/{x}/{y}.png' }).mapTiles).toEqual({
      url: 'http://127.0.0.1:8080/{z}/{x}/{y}.png',
      attribution: '',
      maxZoom: 18,
    });
    expect(loadConfig({ ...base, MAP_TILE_ATTRIBUTION: 'ignored without a URL' }).mapTiles).toBeNull();
  });

  test.each([
    ['tile.openstreetmap.org/{z}/{x}/{y}.png', /http\(s\) URL/],
    ['ftp://tiles.example.org/{z}/{x}/{y}.png', /http\(s\) URL/],
    ['https://tiles.example.org/{z}/{x}.png', /missing \{y\}/],
    ['https://tiles.example.org/tiles.png', /missing \{z\}, \{x\}, \{y\}/],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', /one host/],
  ])('a bad template is refused clearly: %s', (url, message) => {
    expect(() => loadConfig({ ...base, MAP_TILE_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, MAP_TILE_URL: url })).toThrow(message);
  });

  test.each(['zoom', '-1', '25', '12.5'])('a bad MAP_TILE_MAX_ZOOM is refused: %s', (zoom) => {
    expect(() =>
      loadConfig({ ...base, MAP_TILE_URL: 'https://t.example.org/{z}/{x}/{y}.png', MAP_TILE_MAX_ZOOM: zoom }),
    ).toThrow(/MAP_TILE_MAX_ZOOM/);
  });
});
