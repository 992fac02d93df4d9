// Issue 16: every refusal reaches the rider in their language. The web app words an error by its
// stable code (namespace `errors`) and each field by its message key (namespace `validation`); a
// code or key without words in either language would show the server's English text instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VALIDATION_MESSAGES } from '@vatio/schemas';
import { describe, expect, test } from 'vitest';
import { ERRORS } from './errors.ts';

const locales = join(import.meta.dirname, '../../web/src/i18n/locales');
const messages = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

/** Codes the web app words elsewhere, with where. */
const WORDED_ELSEWHERE: Record<string, string> = {
  RATE_LIMITED: 'common:errors.rateLimited / rateLimitedShort, with the wait (lib/errors.ts)',
};

describe('error words in both languages', () => {
  for (const language of ['es', 'en']) {
    test(`${language}: every error code and every field message key`, () => {
      const errors = messages(language, 'errors');
      const validation = messages(language, 'validation');
      expect(Object.keys(ERRORS).filter((code) => !(code in errors) && !WORDED_ELSEWHERE[code])).toEqual([]);
      expect(Object.keys(VALIDATION_MESSAGES).filter((key) => !(key in validation))).toEqual([]);
    });
  }
});
