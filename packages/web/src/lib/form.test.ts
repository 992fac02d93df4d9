import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaResolver } from './form';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx$/.test(name) ? [path] : [];
  });
}

describe('forms', () => {
  it('every form is built with react-hook-form and schemaResolver', () => {
    const handRolled = sources(SRC)
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return /<form\b/.test(text) && !(/\buseForm\b/.test(text) && /\bschemaResolver\b/.test(text));
      })
      .map((file) => relative(SRC, file).split('\\').join('/'));
    expect(handRolled).toEqual([]);
  });

  it('each form submits through a handler made by handleSubmit, two forms in one file included', () => {
    const loose: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      const forms = text.match(/<form\b/g)?.length ?? 0;
      // A form element's own onSubmit: attributes hold no '<', so the match stays in its tag.
      const handlers = [...text.matchAll(/<form\b[^<]*?onSubmit=\{(\w+)\}/g)].map((match) => match[1]);
      const fromHandleSubmit = handlers.filter((name) =>
        new RegExp(`\\b${name}\\s*=\\s*(?:\\w+\\.)?handleSubmit\\(`).test(text),
      );
      if (fromHandleSubmit.length !== forms) loose.push(relative(SRC, file).split('\\').join('/'));
    }
    expect(loose).toEqual([]);
  });

  it('schemaResolver gives field errors as message keys and a whole-object rule as errors.root', async () => {
    const schema = z
      .object({ a: z.string().min(1, { message: 'a_required' }), b: z.string() })
      .refine((v) => v.b !== 'x', { message: 'b_not_x' });
    const resolve = schemaResolver(schema);
    const options = { fields: {}, shouldUseNativeValidation: false };
    const missing = await resolve({ a: '', b: '' }, undefined, options);
    expect(missing.errors.a?.message).toBe('a_required');
    const whole = await resolve({ a: 'ok', b: 'x' }, undefined, options);
    expect(whole.errors.root?.message).toBe('b_not_x');
    expect(Object.keys(whole.errors)).toEqual(['root']);
    const fine = await resolve({ a: 'ok', b: 'y' }, undefined, options);
    expect(fine).toEqual({ values: { a: 'ok', b: 'y' }, errors: {} });
  });
});
