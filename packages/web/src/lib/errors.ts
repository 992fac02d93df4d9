import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';

/**
 * Turns any failure into words in the rider's language. The server's stable error code picks
 * the translation (namespace `errors`); unknown codes fall back to the server's own message.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK' || error.code === 'TIMEOUT') return t('common:errors.network');
    if (error.code === 'RATE_LIMITED') {
      const seconds = error.retryAfterS ?? 60;
      return seconds < 120
        ? t('common:errors.rateLimitedShort', { seconds })
        : t('common:errors.rateLimited', { minutes: Math.ceil(seconds / 60) });
    }
    if (error.code === 'OTP_VERIFY_LIMITED') {
      return t('errors:OTP_VERIFY_LIMITED', { minutes: Math.ceil((error.retryAfterS ?? 3600) / 60) });
    }
    const key = `errors:${error.code}`;
    const translated = t(key, { defaultValue: '' });
    if (translated) return translated;
    return error.message || t('common:errors.unknown');
  }
  return error instanceof Error && error.message ? error.message : t('common:errors.unknown');
}

/** Translates a zod message key from @vatio/schemas (namespace `validation`). */
export function validationMessage(key: string | undefined, t: TFunction): string | undefined {
  if (!key) return undefined;
  return t(`validation:${key}`, { defaultValue: t('validation:invalid') });
}
