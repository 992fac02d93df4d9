import { bikeResponseSchema, bikeSchema, bikeUpdateSchema } from '@vatio/schemas';
import { z } from 'zod';
import { idParams, type RouteContract } from '../../http/contract.ts';

const tags = ['bikes'];

export const bikeContracts: RouteContract[] = [
  {
    method: 'GET',
    path: '/api/bikes',
    summary: "The rider's bikes",
    tags,
    auth: true,
    response: { status: 200, schema: z.array(bikeResponseSchema) },
  },
  {
    method: 'POST',
    path: '/api/bikes',
    summary: 'Add a bike',
    tags,
    auth: true,
    body: bikeSchema,
    response: { status: 201, schema: bikeResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/bikes/:id',
    summary: 'One bike',
    tags,
    auth: true,
    params: idParams,
    response: { status: 200, schema: bikeResponseSchema },
  },
  {
    method: 'PUT',
    path: '/api/bikes/:id',
    summary: 'Change a bike (a weight change re-analyses its rides)',
    tags,
    auth: true,
    params: idParams,
    body: bikeUpdateSchema,
    response: { status: 200, schema: bikeResponseSchema },
  },
  {
    method: 'PATCH',
    path: '/api/bikes/:id',
    summary: 'Change some of a bike’s fields, as PUT (the aero lab saves CdA and Crr with it)',
    tags,
    auth: true,
    params: idParams,
    body: bikeUpdateSchema,
    response: { status: 200, schema: bikeResponseSchema },
  },
  {
    method: 'DELETE',
    path: '/api/bikes/:id',
    summary: 'Delete a bike',
    tags,
    auth: true,
    params: idParams,
    response: { status: 204 },
  },
  {
    method: 'POST',
    path: '/api/bikes/:id/primary',
    summary: 'Make a bike the primary one',
    tags,
    auth: true,
    params: idParams,
    response: { status: 200, schema: bikeResponseSchema },
  },
];
