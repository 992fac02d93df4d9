// A language chunk's two halves from its globs. Its own module, not resources.ts: the locale chunks
// (locales/<lang>/index.ts) import it, and resources.ts loads those chunks, so with it there the three
// files stood in an import circle.
export type Messages = { [key: string]: string | Messages };
export type LanguageResources = Record<string, Messages>;

/** What locales/<lang>/index.ts exports; resources.ts names its lazy keys (LanguageModule). */
interface LanguageHalves {
  core: LanguageResources;
  lazy: Record<string, () => Promise<Messages>>;
}

const nameOf = (path: string) => /\.\/([\w-]+)\.json$/.exec(path)?.[1] ?? path;

/** A language chunk from its two globs (locales/<lang>/index.ts: globs must be literal per folder). */
export function languageModule(
  coreFiles: Record<string, Messages>,
  lazyFiles: Record<string, () => Promise<Messages>>,
): LanguageHalves {
  return {
    core: Object.fromEntries(Object.entries(coreFiles).map(([path, messages]) => [nameOf(path), messages])),
    lazy: Object.fromEntries(Object.entries(lazyFiles).map(([path, load]) => [nameOf(path), load])),
  };
}
