import type { BikeInput, BikeWithStatsResponse, ProfileInput, SettingsUpdate } from '@vatio/schemas';
import { api, COOKIE_SESSION_HEADERS } from './client';
import type { AuthResult, Bike, Me, Profile, Settings, Subscription, User } from './types';

export type Contact = { email: string } | { phone: string };

export const requestOtp = (contact: Contact, createUser: boolean, language: 'es' | 'en') =>
  api<{ sent: true }>('/auth/otp', {
    method: 'POST',
    body: { ...contact, create_user: createUser, language },
    anonymous: true,
  });

/** `language`: the page's, saved to the settings of a rider this creates. */
export const verifyOtp = (contact: Contact, token: string, language?: 'es' | 'en') =>
  api<AuthResult>('/auth/verify', {
    method: 'POST',
    body: { ...contact, token, type: 'email' in contact ? 'email' : 'sms', language },
    anonymous: true,
    // The refresh token comes back as an HttpOnly cookie, not in the body.
    headers: COOKIE_SESSION_HEADERS,
  });

/** Ends the session; the server also clears the refresh cookie. */
export const logout = () => api<void>('/auth/logout', { method: 'POST', body: {} });

export const getMe = () => api<Me>('/me');
export const createProfile = (input: ProfileInput) =>
  api<Profile>('/profile', { method: 'POST', body: input });
export const updateProfile = (input: ProfileInput) =>
  api<Profile>('/profile', { method: 'PUT', body: input });
export const getSubscription = () => api<Subscription>('/subscription');
export const updateSettings = (update: SettingsUpdate) =>
  api<Settings>('/settings', { method: 'PUT', body: update });

/** The rider's bikes, each with its stats from its rides (a Bike and more). */
export const listBikes = () => api<BikeWithStatsResponse[]>('/bikes');
export const createBike = (input: BikeInput) => api<Bike>('/bikes', { method: 'POST', body: input });
export const updateBike = (id: string, input: Partial<BikeInput>) =>
  api<Bike>(`/bikes/${id}`, { method: 'PUT', body: input });
export const deleteBike = (id: string) => api<void>(`/bikes/${id}`, { method: 'DELETE' });
export const setPrimaryBike = (id: string) => api<Bike>(`/bikes/${id}/primary`, { method: 'POST' });

/** Adds a sign-in contact to the signed-in rider: a code goes to it, then the code links it. */
export const requestContactLink = (contact: Contact, language: 'es' | 'en') =>
  api<{ sent: true }>('/me/contacts', { method: 'POST', body: { ...contact, language } });
export const verifyContactLink = (contact: Contact, token: string) =>
  api<User>('/me/contacts/verify', {
    method: 'POST',
    body: { ...contact, token, type: 'email' in contact ? 'email' : 'sms' },
  });

export const deleteAccount = () => api<void>('/account', { method: 'DELETE' });
export const startDemo = () => api<{ status: 'queued'; rides: number }>('/demo', { method: 'POST' });
