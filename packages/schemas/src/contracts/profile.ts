import {
  meResponseSchema,
  profileResponseSchema,
  profileSchema,
  settingsResponseSchema,
  settingsSchema,
  subscriptionResponseSchema,
} from '../index.ts';
import { defineContracts } from './contract.ts';

const tags = ['profile'];

export const profileContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in rider: account, profile and settings',
    tags,
    auth: true,
    response: { status: 200, schema: meResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/profile',
    summary: "The rider's profile",
    tags,
    auth: true,
    response: { status: 200, schema: profileResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/profile',
    summary: 'Create the profile (onboarding)',
    tags,
    auth: true,
    body: profileSchema,
    response: { status: 201, schema: profileResponseSchema },
  },
  {
    method: 'PUT',
    path: '/api/profile',
    summary: 'Update the profile',
    tags,
    auth: true,
    body: profileSchema,
    response: { status: 200, schema: profileResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/subscription',
    summary: "The rider's subscription",
    tags,
    auth: true,
    response: { status: 200, schema: subscriptionResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/settings',
    summary: "The rider's settings, with defaults",
    tags,
    auth: true,
    response: { status: 200, schema: settingsResponseSchema },
  },
  {
    method: 'PUT',
    path: '/api/settings',
    summary: 'Change some settings',
    tags,
    auth: true,
    body: settingsSchema,
    response: { status: 200, schema: settingsResponseSchema },
  },
]);
