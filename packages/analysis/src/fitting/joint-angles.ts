/**
 * Joint angles from points marked on a side photo of the rider on the bike (a 2-D sagittal-plane
 * analysis, as a fitter does with a goniometer or a still frame; Burt, *Bike Fit*, 2nd ed. 2022, ch. 4).
 *
 * Points are image pixel coordinates: x to the right, y DOWN (the browser's and the image's axes).
 * Every angle is in degrees; an angle whose points are missing or coincide is null.
 *
 * - knee angle: the interior angle at the knee between thigh (knee→hip) and shank (knee→ankle);
 *   180° is a straight leg. Knee flexion = 180° − knee angle (0° straight), the convention of the
 *   bottom-of-stroke ranges (Holmes, Pruitt & Whalen 1994: 25–35°; Bini et al. 2011: 25–30°). Take
 *   the photo with the crank at the bottom of the stroke (in line with the seat tube) for that range.
 * - hip angle: interior angle at the hip between torso (hip→shoulder) and thigh (hip→knee).
 * - back angle: the torso line (hip→shoulder) against the horizontal, 0° flat, 90° upright.
 * - shoulder angle: interior angle at the shoulder between torso (shoulder→hip) and upper arm
 *   (shoulder→elbow).
 * - elbow angle: interior angle at the elbow between upper arm (elbow→shoulder) and forearm
 *   (elbow→wrist); 180° is a locked arm.
 */

export interface Point2D {
  x: number;
  y: number;
}

export const FIT_JOINTS = ['hip', 'knee', 'ankle', 'shoulder', 'elbow', 'wrist'] as const;
export type FitJoint = (typeof FIT_JOINTS)[number];
export type FitPoints = Partial<Record<FitJoint, Point2D>>;

export interface FitJointAngles {
  knee_angle_deg: number | null;
  knee_flexion_deg: number | null;
  hip_angle_deg: number | null;
  back_angle_deg: number | null;
  shoulder_angle_deg: number | null;
  elbow_angle_deg: number | null;
}

const DEG = 180 / Math.PI;

/** The interior angle at `vertex` between the rays to `a` and `c`, 0–180°; null when a ray has no length. */
export function angleAtDeg(a: Point2D, vertex: Point2D, c: Point2D): number | null {
  const ux = a.x - vertex.x;
  const uy = a.y - vertex.y;
  const vx = c.x - vertex.x;
  const vy = c.y - vertex.y;
  const lu = Math.hypot(ux, uy);
  const lv = Math.hypot(vx, vy);
  if (lu === 0 || lv === 0) return null;
  // atan2 of cross and dot: stable near 0° and 180°, where acos loses precision.
  return Math.atan2(Math.abs(ux * vy - uy * vx), ux * vx + uy * vy) * DEG;
}

/** The line from `from` to `to` against the horizontal, 0–90° whichever way it leans; null for one point. */
export function inclinationDeg(from: Point2D, to: Point2D): number | null {
  const dx = Math.abs(to.x - from.x);
  const dy = Math.abs(to.y - from.y);
  if (dx === 0 && dy === 0) return null;
  return Math.atan2(dy, dx) * DEG;
}

const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

function at(points: FitPoints, a: FitJoint, vertex: FitJoint, c: FitJoint): number | null {
  const pa = points[a];
  const pv = points[vertex];
  const pc = points[c];
  return pa && pv && pc ? angleAtDeg(pa, pv, pc) : null;
}

/** Every angle the marked points allow, to 0.1°. */
export function jointAngles(points: FitPoints): FitJointAngles {
  const knee = at(points, 'hip', 'knee', 'ankle');
  const back = points.hip && points.shoulder ? inclinationDeg(points.hip, points.shoulder) : null;
  return {
    knee_angle_deg: round1(knee),
    knee_flexion_deg: round1(knee === null ? null : 180 - knee),
    hip_angle_deg: round1(at(points, 'shoulder', 'hip', 'knee')),
    back_angle_deg: round1(back),
    shoulder_angle_deg: round1(at(points, 'hip', 'shoulder', 'elbow')),
    elbow_angle_deg: round1(at(points, 'shoulder', 'elbow', 'wrist')),
  };
}
