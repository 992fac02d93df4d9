import { describe, expect, it } from 'vitest';
import { profileFormSchema, profileToFormValues } from './formSchemas';

const filled = {
  first_name: 'Ana',
  last_name: 'Ruiz',
  date_of_birth: '',
  weight_kg: '58',
  height_cm: '',
  cycling_experience: 'advanced',
  preferred_units: 'metric' as const,
  goals: '',
};

describe('profile form: sex (only for the power-profile table)', () => {
  it('sends the choice, and "not said" as null', () => {
    expect(profileFormSchema.parse({ ...filled, sex: 'female' }).sex).toBe('female');
    expect(profileFormSchema.parse({ ...filled, sex: 'male' }).sex).toBe('male');
    expect(profileFormSchema.parse({ ...filled, sex: '' }).sex).toBeNull();
  });

  it('shows a stored choice, and "not said" for none', () => {
    expect(profileToFormValues(null).sex).toBe('');
    const stored = {
      user_id: 'u',
      first_name: 'Ana',
      last_name: 'Ruiz',
      date_of_birth: null,
      weight_kg: 58,
      weight_from: '2030-01-01',
      height_cm: null,
      cycling_experience: 'advanced' as const,
      preferred_units: 'metric' as const,
      goals: null,
      sex: 'female' as const,
      created_at: '2030-01-01T00:00:00.000Z',
      updated_at: '2030-01-01T00:00:00.000Z',
    };
    expect(profileToFormValues(stored).sex).toBe('female');
    expect(profileToFormValues({ ...stored, sex: null }).sex).toBe('');
  });
});
