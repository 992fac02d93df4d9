import { plainText } from './text.ts';

/** Stable error codes: the server maps them to HTTP answers and the web app to translated messages. */
export type FormatErrorCode =
  | 'EMPTY_FILE'
  | 'UNSUPPORTED_FORMAT'
  | 'CORRUPT_FILE'
  | 'NO_RECORDS'
  | 'FILE_TOO_LARGE'
  | 'ZIP_TOO_LARGE'
  | 'MULTIPLE_ACTIVITIES';

export class FormatError extends Error {
  override readonly name = 'FormatError';
  readonly code: FormatErrorCode;

  constructor(code: FormatErrorCode, message: string, options?: { cause?: unknown }) {
    // A parser's message can quote the file's bytes (NUL included): stored and shown, it must be plain.
    super(plainText(message, 500), options);
    this.code = code;
  }
}

export function isFormatError(error: unknown): error is FormatError {
  return error instanceof FormatError;
}

/** Wraps anything a third-party parser throws into a typed CORRUPT_FILE error. */
export function asFormatError(error: unknown, what: string): FormatError {
  if (error instanceof FormatError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new FormatError('CORRUPT_FILE', `The ${what} could not be read: ${detail}`, { cause: error });
}
