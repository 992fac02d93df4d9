// Stable error codes (the Fastify style: one catalogue, a code per failure). The web app
// translates the code; `message` is English for API clients that do not.
export const ERRORS = {
  VALIDATION: { status: 400, message: 'The request is not valid.' },
  OTP_INVALID: { status: 400, message: 'The code is wrong or has expired.' },
  OTP_EXPIRED: { status: 400, message: 'The code has expired. Ask for a new one.' },
  OTP_TOO_MANY_ATTEMPTS: { status: 400, message: 'Too many wrong tries with this code. Ask for a new one.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Try again later.' },
  OTP_VERIFY_LIMITED: {
    status: 429,
    message: 'Too many wrong codes from this address. Try again later.',
  },
  UPLOAD_BUSY: {
    status: 429,
    message: 'An archive you sent is still being unpacked. Send this one when it is done.',
  },
  UNAUTHORIZED: { status: 401, message: 'Sign in first: the access token is missing, invalid or expired.' },
  REFRESH_INVALID: { status: 401, message: 'The refresh token is not valid.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONTACT_IN_USE: { status: 409, message: 'Another account already signs in with this contact.' },
  DEMO_NOT_EMPTY: { status: 409, message: 'Demo rides only fill an account that has no rides yet.' },
  PROFILE_EXISTS: { status: 409, message: 'This rider already has a profile.' },
  PROFILE_REQUIRED: { status: 409, message: 'Create the profile first.' },
  DELIVERY_FAILED: {
    status: 502,
    message: 'The code could not be delivered. Try again or use another method.',
  },
  FORBIDDEN: { status: 403, message: 'Not allowed.' },
  EXAMPLE_NO_SIGN_IN: { status: 403, message: 'The example rider is built in: nobody can sign in as it.' },
  API_KEY_READ_ONLY: {
    status: 403,
    message: 'This API key is read-only: it can only be used with GET and HEAD requests.',
  },
  API_KEY_NOT_ALLOWED: {
    status: 403,
    message:
      'API keys cannot manage API keys, contacts or sessions, nor export or delete the account: sign in to Vatio instead.',
  },
  STRAVA_NOT_CONFIGURED: {
    status: 503,
    message:
      'Strava is not configured on this server: set STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET (README, Configuration).',
  },
  STRAVA_NOT_CONNECTED: { status: 409, message: 'Not connected to Strava, or no Strava token available.' },
  STRAVA_TOKEN_EXPIRED: { status: 409, message: 'Strava token expired. Reconnect to Strava.' },
  STRAVA_SCOPE: {
    status: 409,
    message: 'Strava did not grant access to your bikes (profile:read_all). Connect again and allow it.',
  },
  SYNC_RUNNING: {
    status: 409,
    message: 'A Strava import is already running. Start this one when it has finished.',
  },
  BIKES_IMPORT_RUNNING: {
    status: 409,
    message: 'Your bikes are being imported from Strava. Try again when that has finished.',
  },
  FTP_REQUIRED: {
    status: 409,
    message: 'Set your FTP first: the plan and its workouts are measured against it.',
  },
  WORKOUT_EXPORT_UNSUPPORTED: {
    status: 422,
    message: 'This workout cannot be written in that file format.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UPLOAD_TOO_MANY_FILES: {
    status: 413,
    message: 'Too many files in one upload: send the rest in another upload.',
  },
  STORAGE_QUOTA_EXCEEDED: {
    status: 413,
    message: 'This upload would take your stored files past your storage quota. Nothing was kept.',
  },
  IMPORT_RUNNING: {
    status: 409,
    message: 'This import still has files being analysed. Delete it when it has finished.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'The request body is in a type this route does not read: send application/json.',
  },
  EXAMPLE_PREPARING: {
    status: 503,
    message: 'The example rider is being prepared (about a minute, once). Try again shortly.',
  },
  AERO_DATA_MISSING: {
    status: 422,
    message: 'This ride has no power, speed or elevation to compute a virtual elevation from.',
  },
  STORAGE_FULL: {
    status: 507,
    message:
      'The server has no room left to store files. Nothing was kept: try again later, or tell its administrator.',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The database cannot be reached right now. Nothing was lost; try again in a moment.',
  },
  INTERNAL: { status: 500, message: 'Internal server error.' },
  /** Development and tests only (http/response-check.ts): an answer outside its contract is not sent. */
  RESPONSE_SCHEMA_MISMATCH: {
    status: 500,
    message: 'The server made an answer that does not match its documented form, so it was not sent.',
  },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details: {
      fields?: Record<string, string>;
      retry_after_s?: number;
      /** EXAMPLE_PREPARING: the example rider's rides stored so far, of its planned total. */
      progress?: { done: number; total: number };
      /** A refused workout: every issue of the analysis validation (code and step path). */
      workout_issues?: { code: string; path: number[] }[];
      /** A workout text that does not parse: the parser's code and 0-based character position. */
      workout_text_error?: { code: string; position: number };
      /** WORKOUT_EXPORT_UNSUPPORTED: the format writer's code (formats workout/errors.ts). */
      export_error?: { code: string; format: string; path: number[] };
      /** STORAGE_QUOTA_EXCEEDED: what the rider stores and may store (bytes). */
      storage?: { used_bytes: number; quota_bytes: number };
    } = {},
    cause?: unknown,
  ) {
    super(message ?? ERRORS[code].message, cause === undefined ? undefined : { cause });
    this.status = ERRORS[code].status;
  }
}
