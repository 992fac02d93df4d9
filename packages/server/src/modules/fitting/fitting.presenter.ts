import { positionHints } from '@vatio/analysis';
import type {
  BikePositionResponse,
  BodyMeasurementResponse,
  FittingPhotoResponse,
  FittingSessionResponse,
} from '@vatio/schemas';
import type {
  BikePositionRow,
  BodyMeasurementRow,
  FittingPhotoRow,
  FittingSessionRow,
} from './fitting.repository.ts';

const iso = (d: Date) => d.toISOString();

export const presentMeasurement = (m: BodyMeasurementRow): BodyMeasurementResponse => ({
  id: m.id,
  measured_on: m.measured_on,
  height_cm: m.height_cm,
  weight_kg: m.weight_kg,
  inseam_cm: m.inseam_cm,
  torso_cm: m.torso_cm,
  arm_cm: m.arm_cm,
  shoulder_width_cm: m.shoulder_width_cm,
  sit_bone_width_cm: m.sit_bone_width_cm,
  flexibility_score: m.flexibility_score,
  injury_history: m.injury_history,
  notes: m.notes,
  created_at: iso(m.created_at),
  updated_at: iso(m.updated_at),
});

export const presentPosition = (p: BikePositionRow): BikePositionResponse => {
  const { user_id: _owner, created_at, updated_at, ...rest } = p;
  return {
    ...rest,
    // Spec 001 §5, from the one definition in packages/analysis (fitting/hints.ts).
    hints: positionHints(p),
    created_at: iso(created_at),
    updated_at: iso(updated_at),
  };
};

export const presentSession = (s: FittingSessionRow): FittingSessionResponse => ({
  id: s.id,
  session_date: s.session_date,
  bike_id: s.bike_id,
  session_type: s.session_type as FittingSessionResponse['session_type'],
  fitter_name: s.fitter_name,
  goals: s.goals,
  issues_addressed: s.issues_addressed,
  adjustments_made: s.adjustments_made,
  comfort_improvement: s.comfort_improvement,
  power_improvement: s.power_improvement,
  follow_up_required: s.follow_up_required,
  follow_up_on: s.follow_up_on,
  notes: s.notes,
  created_at: iso(s.created_at),
  updated_at: iso(s.updated_at),
});

export const presentPhoto = (p: FittingPhotoRow): FittingPhotoResponse => ({
  id: p.id,
  content_type: p.content_type as FittingPhotoResponse['content_type'],
  size_bytes: p.size_bytes,
  file_name: p.file_name,
  position_id: p.position_id,
  points: p.points as FittingPhotoResponse['points'],
  angles: p.angles as FittingPhotoResponse['angles'],
  notes: p.notes,
  image_url: `/api/fitting/photos/${p.id}/image`,
  created_at: iso(p.created_at),
  updated_at: iso(p.updated_at),
});
