import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LAZY_NAMESPACES } from './resources';

type Messages = { [key: string]: string | Messages };
const root = join(import.meta.dirname, 'locales');

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function load(language: string): Map<string, Map<string, string>> {
  const files = readdirSync(join(root, language)).filter((f) => f.endsWith('.json'));
  return new Map(
    files.map((f) => [f, flatten(JSON.parse(readFileSync(join(root, language, f), 'utf8')) as Messages)]),
  );
}

describe('translations', () => {
  const es = load('es');
  const en = load('en');

  test('both languages have the same namespaces', () => {
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
  });

  for (const [file, enKeys] of en) {
    test(`every key of ${file} exists in Spanish and English, and none is empty`, () => {
      const esKeys = es.get(file) ?? new Map();
      const missingInEs = [...enKeys.keys()].filter((k) => !esKeys.has(k));
      const missingInEn = [...esKeys.keys()].filter((k) => !enKeys.has(k));
      expect({ missingInEs, missingInEn }).toEqual({ missingInEs: [], missingInEn: [] });
      const empty = [...enKeys, ...esKeys].filter(([, v]) => v.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });
  }
});

describe('language chunks', () => {
  for (const language of ['es', 'en']) {
    test(`${language}: the lazy namespaces the chunk leaves out are exactly LAZY_NAMESPACES, and exist`, () => {
      const source = readFileSync(join(root, language, 'index.ts'), 'utf8');
      const lists = [...source.matchAll(/\{([\w,]+)\}\.json/g)].map((m) => m[1]!.split(',').sort());
      expect(lists).toHaveLength(2);
      for (const list of lists) expect(list).toEqual([...LAZY_NAMESPACES].sort());
      for (const namespace of LAZY_NAMESPACES) expect(load(language).has(`${namespace}.json`)).toBe(true);
    });
  }
});
