// The one seam between database rows and JSON: snake_case field names as the spec uses them,
// ISO timestamps, nothing internal (hashes, owner ids of other tables) ever leaves through here.
import type {
  BikeResponse,
  ProfileResponse,
  SettingsResponse,
  SubscriptionResponse,
  UserResponse,
} from '@vatio/schemas';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.ts';
import type { BikeRow } from '../kernel/bike.repository.ts';
import type { ProfileRow, SettingsRow, SubscriptionRow } from '../kernel/profile.repository.ts';

/** modules/auth/user.repository.ts's UserRow, named from the schema so that http/ stands below the modules. */
type UserRow = Selectable<UsersTable>;

export const presentUser = (u: UserRow): UserResponse => ({
  id: u.id,
  email: u.email,
  phone: u.phone,
  created_at: u.created_at.toISOString(),
});

export const presentProfile = (p: ProfileRow): ProfileResponse => ({
  user_id: p.user_id,
  first_name: p.first_name,
  last_name: p.last_name,
  date_of_birth: p.date_of_birth,
  weight_kg: p.weight_kg,
  weight_from: p.weight_from,
  height_cm: p.height_cm,
  cycling_experience: p.cycling_experience,
  preferred_units: p.preferred_units,
  goals: p.goals,
  sex: p.sex,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
});

export const presentSubscription = (s: SubscriptionRow): SubscriptionResponse => ({
  tier: s.tier,
  status: s.status,
  created_at: s.created_at.toISOString(),
  updated_at: s.updated_at.toISOString(),
});

/** Settings with their defaults for a rider who never changed one; units live on the profile. */
export const presentSettings = (
  s: SettingsRow | undefined,
  profile: ProfileRow | undefined,
): SettingsResponse => ({
  notifications: s?.notifications ?? true,
  theme: s?.theme ?? 'light',
  auto_sync: s?.auto_sync ?? true,
  language: s?.language ?? null,
  units: profile?.preferred_units ?? 'metric',
});

export const presentBike = (b: BikeRow): BikeResponse => ({
  id: b.id,
  name: b.name,
  type: b.type,
  brand: b.brand,
  model: b.model,
  year: b.year,
  weight_kg: b.weight_kg,
  cda_m2: b.cda_m2,
  crr: b.crr,
  aero_measured_at: b.aero_measured_at?.toISOString() ?? null,
  aero_activity_id: b.aero_activity_id,
  is_primary: b.is_primary,
  created_at: b.created_at.toISOString(),
  updated_at: b.updated_at.toISOString(),
});
