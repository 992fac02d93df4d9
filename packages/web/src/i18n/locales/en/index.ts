// This language's core namespaces in one chunk, and a loader for each lazy one (resources.ts).
import type { LanguageModule, LazyNamespace, Messages } from '../../resources';

// Keep these two patterns in step with LAZY_NAMESPACES (locales.test.ts checks).
const coreFiles = import.meta.glob<Messages>(['./*.json', '!./{legal,dashboard,activity,strava}.json'], {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Messages>('./{legal,dashboard,activity,strava}.json', {
  import: 'default',
});

const nameOf = (path: string) => /\.\/([\w-]+)\.json$/.exec(path)?.[1] ?? path;

export const core: LanguageModule['core'] = Object.fromEntries(
  Object.entries(coreFiles).map(([path, messages]) => [nameOf(path), messages]),
);

export const lazy = Object.fromEntries(
  Object.entries(lazyFiles).map(([path, load]) => [nameOf(path), load]),
) as LanguageModule['lazy'];
