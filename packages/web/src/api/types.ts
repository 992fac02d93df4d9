// Shapes of the API's JSON answers (snake_case as the spec names them).
import type { BikeType } from '@vatio/schemas';

export interface User {
  id: string;
  email: string | null;
  phone: string | null;
  created_at: string;
}

export interface Profile {
  user_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  weight_kg: number | null;
  height_cm: number | null;
  cycling_experience: 'beginner' | 'intermediate' | 'advanced' | 'professional';
  preferred_units: 'metric' | 'imperial';
  goals: string | null;
  updated_at: string;
}

export interface Settings {
  notifications: boolean;
  theme: 'light' | 'dark' | 'system';
  auto_sync: boolean;
  language: 'es' | 'en' | null;
  units: 'metric' | 'imperial';
}

export interface Me {
  user: User;
  profile: Profile | null;
  settings: Settings;
}

export interface Subscription {
  tier: 'free';
  status: 'active' | 'cancelled';
  created_at: string;
  updated_at: string;
}

export interface Bike {
  id: string;
  name: string;
  type: BikeType;
  brand: string | null;
  model: string | null;
  year: number | null;
  /** As ridden (kg); joins the rider's weight in the aero fit of its rides. */
  weight_kg: number | null;
  is_primary: boolean;
  created_at: string;
  updated_at: string;
}

export interface AuthResult {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user: User;
}
