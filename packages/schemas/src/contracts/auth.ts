import {
  linkContactRequestSchema,
  logoutAllRequestSchema,
  logoutAllResponseSchema,
  logoutRequestSchema,
  otpRequestSchema,
  refreshRequestSchema,
  sentResponseSchema,
  sessionResponseSchema,
  userResponseSchema,
  verifyRequestSchema,
} from '../index.ts';
import { defineContracts } from './contract.ts';

const tags = ['auth'];

export const authContracts = defineContracts([
  {
    method: 'POST',
    path: '/api/auth/otp',
    summary: 'Send a one-time sign-in code by e-mail or SMS',
    tags,
    auth: false,
    body: otpRequestSchema,
    response: { status: 202, schema: sentResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/auth/verify',
    summary: 'Exchange a one-time code for a session',
    tags,
    auth: false,
    body: verifyRequestSchema,
    response: { status: 200, schema: sessionResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/auth/refresh',
    summary: 'Rotate the refresh token for a new session',
    tags,
    auth: false,
    body: refreshRequestSchema,
    response: { status: 200, schema: sessionResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End this session',
    tags,
    auth: true,
    scope: 'session',
    body: logoutRequestSchema,
    response: { status: 204 },
  },
  {
    method: 'POST',
    path: '/api/auth/logout-all',
    // Every refresh token of every session stops working, and every access token already issued;
    // personal API keys are not affected (revoked one by one).
    summary: 'Sign out everywhere: end every session of the rider, this one included',
    tags,
    auth: true,
    scope: 'session',
    body: logoutAllRequestSchema,
    response: { status: 200, schema: logoutAllResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/me/contacts',
    summary: 'Ask for a code to add an e-mail or phone to the account',
    tags,
    auth: true,
    scope: 'session',
    body: linkContactRequestSchema,
    response: { status: 202, schema: sentResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/me/contacts/verify',
    summary: 'Confirm a new contact with its code',
    tags,
    auth: true,
    scope: 'session',
    body: verifyRequestSchema,
    response: { status: 200, schema: userResponseSchema },
  },
]);
