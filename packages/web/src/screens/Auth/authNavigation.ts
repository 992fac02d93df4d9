import type { Contact } from '../../api/endpoints';
import type { Me } from '../../api/types';

/** How the one-time code travels: by e-mail or by text message (the API's `type`). */
export type ContactType = 'email' | 'sms';

/** What /auth/login and /auth/signup hand to /auth/verify-otp in `location.state`. */
export interface VerifyState {
  contact: string;
  type: ContactType;
  signup: boolean;
  /** Where the rider was going before the route guard sent them to sign in. */
  from?: unknown;
}

export function readVerifyState(state: unknown): VerifyState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  if (typeof s.contact !== 'string' || s.contact.trim() === '') return null;
  if (s.type !== 'email' && s.type !== 'sms') return null;
  return { contact: s.contact, type: s.type, signup: s.signup === true, from: s.from };
}

/** The `from` the route guard remembered (a Location object), if any. */
export function readFrom(state: unknown): unknown {
  if (!state || typeof state !== 'object') return undefined;
  return (state as { from?: unknown }).from;
}

/**
 * Turns a remembered origin into an in-app path. Only local paths are accepted, and never the
 * sign-in or onboarding screens themselves, so a crafted state cannot send the rider elsewhere.
 */
export function safeFromPath(from: unknown): string | null {
  let path: string | null = null;
  if (typeof from === 'string') path = from;
  else if (from && typeof from === 'object') {
    const location = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof location.pathname === 'string') {
      path =
        location.pathname +
        (typeof location.search === 'string' ? location.search : '') +
        (typeof location.hash === 'string' ? location.hash : '');
    }
  }
  if (!path?.startsWith('/') || path.startsWith('//')) return null;
  if (path === '/' || path.startsWith('/auth') || path.startsWith('/onboarding')) return null;
  return path;
}

/** Spec 000 §4: a signup (or any rider without a profile) goes to onboarding; others go on. */
export function afterSignInPath(me: Me, signup: boolean, from: unknown): string {
  if (signup || !me.profile) return '/onboarding/profile';
  return safeFromPath(from) ?? '/dashboard';
}

export function toContact(type: ContactType, value: string): Contact {
  return type === 'email' ? { email: value } : { phone: value };
}
