// GET /api/fitting/measurements: one set of body measurements, checked by the schema.
import { type BodyMeasurementResponse, bodyMeasurementResponseSchema } from '@vatio/schemas';

export const measurement: BodyMeasurementResponse = bodyMeasurementResponseSchema.parse({
  id: 'm-1',
  measured_on: '2026-11-01',
  height_cm: 168,
  weight_kg: 62,
  inseam_cm: 79.5,
  torso_cm: null,
  arm_cm: null,
  shoulder_width_cm: null,
  sit_bone_width_cm: null,
  flexibility_score: null,
  injury_history: null,
  notes: null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
});
