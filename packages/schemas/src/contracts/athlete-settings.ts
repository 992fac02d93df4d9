import {
  athleteSettingsEntrySchema,
  athleteSettingsSavedSchema,
  athleteSettingsSchema,
  reanalysisStatusSchema,
} from '../index.ts';
import { z } from 'zod';
import { idParams, defineContracts } from './contract.ts';

const tags = ['athlete'];

export const athleteSettingsContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/athlete-settings',
    summary: 'FTP, weight, max HR and LTHR by date',
    tags,
    auth: true,
    response: { status: 200, schema: z.object({ history: z.array(athleteSettingsEntrySchema) }) },
  },
  {
    method: 'POST',
    path: '/api/athlete-settings',
    summary: 'Set values in force from a date (re-analyses the rides it reaches)',
    tags,
    auth: true,
    body: athleteSettingsSchema,
    response: {
      status: 201,
      schema: athleteSettingsSavedSchema,
    },
  },
  {
    method: 'DELETE',
    path: '/api/athlete-settings/:id',
    summary: 'Remove a dated entry',
    tags,
    auth: true,
    params: idParams,
    response: { status: 204 },
  },
  {
    method: 'GET',
    path: '/api/reanalysis',
    summary: 'Whether rides are being re-analysed, and how many remain',
    tags,
    auth: true,
    response: { status: 200, schema: reanalysisStatusSchema },
  },
]);
