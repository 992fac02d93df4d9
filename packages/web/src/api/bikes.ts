import { deleteBikesByidComponentsBycomponentId } from './generated/deleteBikesByidComponentsBycomponentId';
import { deleteBikesByidMaintenanceByentryId } from './generated/deleteBikesByidMaintenanceByentryId';
import { getBikesByidComponents } from './generated/getBikesByidComponents';
import { getBikesByidMaintenance } from './generated/getBikesByidMaintenance';
import { getBikesByidPerformance } from './generated/getBikesByidPerformance';
import { getBikesByidRides } from './generated/getBikesByidRides';
import { getMaintenanceDue as getMaintenanceDueRoute } from './generated/getMaintenanceDue';
import { patchBikesByidComponentsBycomponentId } from './generated/patchBikesByidComponentsBycomponentId';
import { patchBikesByidMaintenanceByentryId } from './generated/patchBikesByidMaintenanceByentryId';
import { postBikesByidComponents } from './generated/postBikesByidComponents';
import { postBikesByidComponentsBycomponentIdReplace } from './generated/postBikesByidComponentsBycomponentIdReplace';
import { postBikesByidMaintenance } from './generated/postBikesByidMaintenance';
import { postBikesByidRides } from './generated/postBikesByidRides';
import type { InputOf } from './generated/route';

// The garage (/bikes, issue 15): a bike's performance, rides, parts and service log, through the
// client generated from the routes' contracts. The bikes themselves (with their stats) are endpoints.ts listBikes.

export type {
  BikePerformanceResponse,
  BikeRide,
  BikeStats,
  BikeWithStatsResponse as BikeWithStats,
  ComponentKind,
  ComponentResponse as BikeComponent,
  DueItem,
  MaintenanceEntryResponse as MaintenanceEntry,
} from '@vatio/schemas';

export const getBikePerformance = (bikeId: string) => getBikesByidPerformance({ params: { id: bikeId } });
export const listBikeRides = (bikeId: string) => getBikesByidRides({ params: { id: bikeId } });
export const moveRides = (bikeId: string, input: InputOf<typeof postBikesByidRides>['body']) =>
  postBikesByidRides({ params: { id: bikeId }, body: input });

export const listComponents = (bikeId: string) => getBikesByidComponents({ params: { id: bikeId } });
export const addComponent = (bikeId: string, input: InputOf<typeof postBikesByidComponents>['body']) =>
  postBikesByidComponents({ params: { id: bikeId }, body: input });
export const updateComponent = (
  bikeId: string,
  componentId: string,
  input: InputOf<typeof patchBikesByidComponentsBycomponentId>['body'],
) => patchBikesByidComponentsBycomponentId({ params: { id: bikeId, componentId }, body: input });
export const deleteComponent = (bikeId: string, componentId: string) =>
  deleteBikesByidComponentsBycomponentId({ params: { id: bikeId, componentId } });
export const replaceComponent = (
  bikeId: string,
  componentId: string,
  input: InputOf<typeof postBikesByidComponentsBycomponentIdReplace>['body'],
) => postBikesByidComponentsBycomponentIdReplace({ params: { id: bikeId, componentId }, body: input });

export const getMaintenance = (bikeId: string) => getBikesByidMaintenance({ params: { id: bikeId } });
export const addMaintenance = (bikeId: string, input: InputOf<typeof postBikesByidMaintenance>['body']) =>
  postBikesByidMaintenance({ params: { id: bikeId }, body: input });
export const updateMaintenance = (
  bikeId: string,
  entryId: string,
  input: InputOf<typeof patchBikesByidMaintenanceByentryId>['body'],
) => patchBikesByidMaintenanceByentryId({ params: { id: bikeId, entryId }, body: input });
export const deleteMaintenance = (bikeId: string, entryId: string) =>
  deleteBikesByidMaintenanceByentryId({ params: { id: bikeId, entryId } });

/** What is due on the rider's bikes (the dashboard's banner). */
export const getMaintenanceDue = () => getMaintenanceDueRoute();
