import type {
  BikePerformanceResponse,
  BikeRide,
  ComponentInput,
  ComponentResponse,
  MaintenanceDueResponse,
  MaintenanceEntryResponse,
  MaintenanceInput,
  MaintenanceResponse,
  MoveRidesInput,
} from '@vatio/schemas';
import { api } from './client';

// The garage (/bikes, issue 15): a bike's performance, rides, parts and service log. The bikes
// themselves (with their stats) are endpoints.ts listBikes.

export type {
  BikePerformanceResponse,
  BikeRide,
  BikeStats,
  BikeWithStatsResponse as BikeWithStats,
  ComponentKind,
  ComponentResponse as BikeComponent,
  DueItem,
  MaintenanceEntryResponse as MaintenanceEntry,
  MaintenanceResponse,
} from '@vatio/schemas';

export const getBikePerformance = (bikeId: string) =>
  api<BikePerformanceResponse>(`/bikes/${bikeId}/performance`);
export const listBikeRides = (bikeId: string) => api<BikeRide[]>(`/bikes/${bikeId}/rides`);
export const moveRides = (bikeId: string, input: MoveRidesInput) =>
  api<{ moved: number }>(`/bikes/${bikeId}/rides`, { method: 'POST', body: input });

export const listComponents = (bikeId: string) => api<ComponentResponse[]>(`/bikes/${bikeId}/components`);
export const addComponent = (bikeId: string, input: ComponentInput) =>
  api<ComponentResponse>(`/bikes/${bikeId}/components`, { method: 'POST', body: input });
export const updateComponent = (
  bikeId: string,
  componentId: string,
  input: Partial<ComponentInput> & { retired_on?: string | null },
) => api<ComponentResponse>(`/bikes/${bikeId}/components/${componentId}`, { method: 'PATCH', body: input });
export const deleteComponent = (bikeId: string, componentId: string) =>
  api<void>(`/bikes/${bikeId}/components/${componentId}`, { method: 'DELETE' });
export const replaceComponent = (
  bikeId: string,
  componentId: string,
  input: { installed_on: string; brand?: string | null; model?: string | null; price?: number | null },
) =>
  api<ComponentResponse>(`/bikes/${bikeId}/components/${componentId}/replace`, {
    method: 'POST',
    body: input,
  });

export const getMaintenance = (bikeId: string) => api<MaintenanceResponse>(`/bikes/${bikeId}/maintenance`);
export const addMaintenance = (bikeId: string, input: MaintenanceInput) =>
  api<MaintenanceEntryResponse>(`/bikes/${bikeId}/maintenance`, { method: 'POST', body: input });
export const updateMaintenance = (bikeId: string, entryId: string, input: Partial<MaintenanceInput>) =>
  api<MaintenanceEntryResponse>(`/bikes/${bikeId}/maintenance/${entryId}`, { method: 'PATCH', body: input });
export const deleteMaintenance = (bikeId: string, entryId: string) =>
  api<void>(`/bikes/${bikeId}/maintenance/${entryId}`, { method: 'DELETE' });

/** What is due on the rider's bikes (the dashboard's banner). */
export const getMaintenanceDue = () => api<MaintenanceDueResponse>('/maintenance/due');
