import { COOKIE_SESSION_HEADERS } from './client';
import { deleteAccount as deleteAccountRoute } from './generated/deleteAccount';
import { postAuthLogout } from './generated/postAuthLogout';
import { postAuthOtp } from './generated/postAuthOtp';
import { postAuthVerify } from './generated/postAuthVerify';
import { postMeContacts } from './generated/postMeContacts';
import { postMeContactsVerify } from './generated/postMeContactsVerify';
import { deleteBikesByid } from './generated/deleteBikesByid';
import { getBikes } from './generated/getBikes';
import { postBikes } from './generated/postBikes';
import { postBikesByidPrimary } from './generated/postBikesByidPrimary';
import { putBikesByid } from './generated/putBikesByid';
import { postDemo } from './generated/postDemo';
import { getMe as getMeRoute } from './generated/getMe';
import { getSubscription as getSubscriptionRoute } from './generated/getSubscription';
import { postProfile } from './generated/postProfile';
import { putProfile } from './generated/putProfile';
import { putSettings } from './generated/putSettings';
import type { InputOf } from './generated/route';

// The account's calls, each through the client generated from its route's contract (issue 27).

export type Contact = { email: string } | { phone: string };

export const requestOtp = (contact: Contact, createUser: boolean, language: 'es' | 'en') =>
  postAuthOtp({ body: { ...contact, create_user: createUser, language } }, { anonymous: true });

/** `language`: the page's, saved to the settings of a rider this creates. */
export const verifyOtp = (contact: Contact, token: string, language?: 'es' | 'en') =>
  postAuthVerify(
    { body: { ...contact, token, type: 'email' in contact ? 'email' : 'sms', language } as VerifyBody },
    // The refresh token comes back as an HttpOnly cookie, not in the body.
    { anonymous: true, headers: COOKIE_SESSION_HEADERS },
  );
type VerifyBody = InputOf<typeof postAuthVerify>['body'];

/** Ends the session; the server also clears the refresh cookie. */
export const logout = () => postAuthLogout({ body: {} });

export const getMe = () => getMeRoute();
type ProfileBody = InputOf<typeof putProfile>['body'];
export const createProfile = (input: ProfileBody) => postProfile({ body: input });
export const updateProfile = (input: ProfileBody) => putProfile({ body: input });
export const getSubscription = () => getSubscriptionRoute();
export const updateSettings = (update: InputOf<typeof putSettings>['body']) => putSettings({ body: update });

/** The rider's bikes, each with its stats from its rides (a Bike and more). */
export const listBikes = () => getBikes();
export const createBike = (input: InputOf<typeof postBikes>['body']) => postBikes({ body: input });
export const updateBike = (id: string, input: InputOf<typeof putBikesByid>['body']) =>
  putBikesByid({ params: { id }, body: input });
export const deleteBike = (id: string) => deleteBikesByid({ params: { id } });
export const setPrimaryBike = (id: string) => postBikesByidPrimary({ params: { id } });

/** Adds a sign-in contact to the signed-in rider: a code goes to it, then the code links it. */
export const requestContactLink = (contact: Contact, language: 'es' | 'en') =>
  postMeContacts({ body: { ...contact, language } });
export const verifyContactLink = (contact: Contact, token: string) =>
  postMeContactsVerify({
    body: { ...contact, token, type: 'email' in contact ? 'email' : 'sms' } as VerifyBody,
  });

export const deleteAccount = () => deleteAccountRoute();
export const startDemo = () => postDemo();
