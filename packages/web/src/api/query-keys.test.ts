import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const USER = 'u1';

describe('query keys', () => {
  it('are stable: the same input gives the same key, and each key keeps its shape', () => {
    const filter = { type: 'ride', page: 2, sort: 'date', order: 'desc' };
    expect(queryKeys.activities.list(USER, filter)).toEqual(queryKeys.activities.list(USER, { ...filter }));
    expect(queryKeys.activities.list(USER, filter)).toEqual([
      'activities',
      USER,
      'list',
      'ride',
      2,
      'date',
      'desc',
    ]);
    expect(queryKeys.activities.search(USER, 'alpe')).toEqual(['activities', USER, 'search', 'alpe']);
    expect(queryKeys.activity.streams('a1')).toEqual(['activity', 'a1', 'streams']);
    expect(queryKeys.bikes.list(USER)).toEqual(['bikes', USER]);
    expect(queryKeys.import('i1')).toEqual(['import', 'i1']);
    expect(queryKeys.strava.syncStatus.get(USER)).toEqual(['sync-status', USER]);
    expect(queryKeys.dashboard.summary('week', 'es')).toEqual(['dashboard', 'summary', 'week', 'es']);
    expect(queryKeys.clientConfig).toEqual(['client-config']);
  });

  it('keep riders and languages apart', () => {
    expect(queryKeys.bikes.list('u1')).not.toEqual(queryKeys.bikes.list('u2'));
    expect(queryKeys.dashboard.classic('es')).not.toEqual(queryKeys.dashboard.classic('en'));
  });

  // The invalidations the app relies on: a family's `all` (or a ride's detail) reaches every key under it.
  const covered: [string, QueryKey, QueryKey[]][] = [
    [
      'activities.all (an import, a Strava run, an edit, a re-analysis)',
      queryKeys.activities.all,
      [
        queryKeys.activities.list(USER, { type: '', page: 0, sort: 'date', order: 'desc' }),
        queryKeys.activities.search(USER, 'x'),
        queryKeys.activities.latest(USER),
        queryKeys.activities.demoCount(USER),
      ],
    ],
    [
      'activity.all (a re-analysis)',
      queryKeys.activity.all,
      [queryKeys.activity.detail('a1'), queryKeys.activity.analysis('a2'), queryKeys.activity.streams('a3')],
    ],
    [
      'activity.detail (an edit, re-analyse this ride)',
      queryKeys.activity.detail('a1'),
      [queryKeys.activity.analysis('a1'), queryKeys.activity.streams('a1')],
    ],
    ['bikes.all', queryKeys.bikes.all, [queryKeys.bikes.list(USER)]],
    ['imports.all', queryKeys.imports.all, [queryKeys.imports.latest(USER)]],
    ['athleteSettings.all', queryKeys.athleteSettings.all, [queryKeys.athleteSettings.list(USER)]],
    ['reanalysis.all', queryKeys.reanalysis.all, [queryKeys.reanalysis.status(USER)]],
    ['strava connection', queryKeys.strava.connection.all, [queryKeys.strava.connection.get(USER)]],
    ['strava sync status', queryKeys.strava.syncStatus.all, [queryKeys.strava.syncStatus.get(USER)]],
    ['strava activities', queryKeys.strava.activities.all, [queryKeys.strava.activities.list(USER)]],
    [
      'dashboard.all',
      queryKeys.dashboard.all,
      [
        queryKeys.dashboard.classic('es'),
        queryKeys.dashboard.summary('week', 'es'),
        queryKeys.dashboard.narrative('en'),
        queryKeys.dashboard.powerCurve('90d', 'en'),
      ],
    ],
  ];

  it.each(covered)(
    'invalidating %s marks its children stale, and nothing else',
    async (_name, parent, children) => {
      const client = new QueryClient();
      const others = [queryKeys.clientConfig, queryKeys.subscription(USER), queryKeys.apiKeys.list(USER)];
      for (const key of [...children, ...others]) client.setQueryData(key, 1);
      await client.invalidateQueries({ queryKey: parent, refetchType: 'none' });
      const stale = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;
      expect(children.map(stale)).toEqual(children.map(() => true));
      expect(others.map(stale)).toEqual(others.map(() => false));
    },
  );

  it('a ride detail does not reach another ride', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.activity.analysis('a2'), 1);
    await client.invalidateQueries({ queryKey: queryKeys.activity.detail('a1'), refetchType: 'none' });
    expect(client.getQueryState(queryKeys.activity.analysis('a2'))?.isInvalidated).toBe(false);
  });

  it('are the only keys: no query, mutation or cache call spells a key inline', () => {
    const src = join(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return files(path);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    const inline = files(src).flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(/(queryKey:\s*\[|Query(?:Data|State)\s*(?:<[^>]*>)?\(\s*\[)/g),
      ].map(() => relative(src, file)),
    );
    expect(inline).toEqual([]);
  });
});
