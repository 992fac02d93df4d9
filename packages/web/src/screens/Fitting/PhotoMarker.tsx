import { FIT_JOINTS, type FitJoint, type FitPoints, jointAngles, kneeFlexionVerdict } from '@vatio/analysis';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BikePosition, type FittingPhoto, fetchPhotoImage, savePhotoAnalysis } from '../../api/fitting';
import { queryKeys } from '../../api/query-keys';
import type { Bike } from '../../api/types';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Field, Select } from '../../components/ui/Input';
import { useFormat } from '../../hooks/useFormat';
import { errorMessage } from '../../lib/errors';

const COLOURS: Record<FitJoint, string> = {
  hip: '#dc2626',
  knee: '#ea580c',
  ankle: '#ca8a04',
  shoulder: '#2563eb',
  elbow: '#7c3aed',
  wrist: '#0891b2',
};
/** Segments drawn between marked joints: the leg, the torso, the arm. */
const SEGMENTS: [FitJoint, FitJoint][] = [
  ['hip', 'knee'],
  ['knee', 'ankle'],
  ['hip', 'shoulder'],
  ['shoulder', 'elbow'],
  ['elbow', 'wrist'],
];

/** The photo's bytes as an object URL (the image is private: fetched with the bearer token). */
function usePhotoUrl(photo: FittingPhoto): { url: string | null; error: unknown } {
  const { user } = useAuth();
  const image = useQuery({
    queryKey: queryKeys.fitting.photoImage(user?.id, photo.id),
    queryFn: () => fetchPhotoImage(photo),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  return { url, error: image.error };
}

/**
 * Marks hip, knee, ankle, shoulder, elbow and wrist on a side photo and measures the joint angles
 * (packages/analysis fitting/joint-angles.ts, the server's own function). Click to place the chosen
 * joint; with the keyboard, the arrow keys move it (Shift: 10× further), Enter places it in the middle.
 */
export function PhotoMarker({
  photo,
  positions,
  bikes,
  onSaved,
}: {
  photo: FittingPhoto;
  positions: BikePosition[];
  bikes: Bike[];
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation('fitting');
  const format = useFormat();
  const queryClient = useQueryClient();
  const { url, error: imageError } = usePhotoUrl(photo);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [points, setPoints] = useState<FitPoints>(() => (photo.points ?? {}) as FitPoints);
  const [selected, setSelected] = useState<FitJoint>(
    () => FIT_JOINTS.find((j) => !photo.points?.[j]) ?? 'hip',
  );
  const defaultPosition =
    photo.position_id ??
    positions.find((p) => p.is_active && bikes.find((b) => b.id === p.bike_id)?.is_primary)?.id ??
    positions.find((p) => p.is_active)?.id ??
    '';
  const [positionId, setPositionId] = useState<string>(defaultPosition);
  const [saved, setSaved] = useState(false);
  const surface = useRef<HTMLDivElement>(null);

  const angles = jointAngles(points);
  const place = (joint: FitJoint, x: number, y: number) => {
    if (!size) return;
    const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v * 10) / 10));
    setPoints((current) => ({ ...current, [joint]: { x: clamp(x, size.width), y: clamp(y, size.height) } }));
    setSaved(false);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!size || !surface.current) return;
    const rect = surface.current.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / rect.width) * size.width;
    const y = ((event.clientY - rect.top) / rect.height) * size.height;
    place(selected, x, y);
    // On to the next joint not yet marked, so six clicks mark the six.
    const next = FIT_JOINTS.find((j) => j !== selected && !points[j]);
    if (next) setSelected(next);
    surface.current.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!size) return;
    const step = Math.max(1, Math.round(Math.max(size.width, size.height) / 200)) * (event.shiftKey ? 10 : 1);
    const current = points[selected] ?? { x: size.width / 2, y: size.height / 2 };
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
      Enter: [0, 0],
      ' ': [0, 0],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    place(selected, current.x + move[0], current.y + move[1]);
  };

  const save = useMutation({
    mutationFn: () => savePhotoAnalysis(photo.id, { points, position_id: positionId || null }),
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: queryKeys.fitting.all });
      await onSaved();
    },
  });

  const bikeName = (id: string) => bikes.find((b) => b.id === id)?.name ?? '';
  const radius = size ? Math.max(size.width, size.height) / 90 : 4;
  const angleRows: { key: string; value: number | null; extra?: string }[] = [
    {
      key: 'knee',
      value: angles.knee_angle_deg,
      extra:
        angles.knee_flexion_deg === null
          ? undefined
          : t('photo.kneeFlexion', {
              value: format.number(angles.knee_flexion_deg, 1),
              verdict: t(`photo.verdict.${kneeFlexionVerdict(angles.knee_flexion_deg)}`),
            }),
    },
    { key: 'hip', value: angles.hip_angle_deg },
    { key: 'back', value: angles.back_angle_deg },
    { key: 'shoulder', value: angles.shoulder_angle_deg },
    { key: 'elbow', value: angles.elbow_angle_deg },
  ];

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="photo-marker">
      <div className="space-y-3">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t('photo.jointsLabel')}</legend>
          {FIT_JOINTS.map((joint) => (
            <button
              key={joint}
              type="button"
              aria-pressed={selected === joint}
              data-testid={`joint-${joint}`}
              onClick={() => setSelected(joint)}
              className={cn(
                'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium',
                selected === joint
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200',
              )}
            >
              <span aria-hidden className="h-2.5 w-2.5 rounded-full" style={{ background: COLOURS[joint] }} />
              {t(`photo.joints.${joint}`)}
              {points[joint] && <Check className="h-3.5 w-3.5" aria-label={t('photo.marked')} />}
            </button>
          ))}
        </fieldset>
        <p className="text-xs text-slate-500 dark:text-slate-400" id={`marker-help-${photo.id}`}>
          {t('photo.help', { joint: t(`photo.joints.${selected}`) })}
        </p>
        {imageError ? <Alert>{errorMessage(imageError, t)}</Alert> : null}
        <div
          ref={surface}
          role="application"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing surface takes arrow keys to move the chosen joint
          tabIndex={0}
          aria-label={t('photo.surfaceLabel', { joint: t(`photo.joints.${selected}`) })}
          aria-describedby={`marker-help-${photo.id}`}
          data-testid="photo-surface"
          onClick={onClick}
          onKeyDown={onKeyDown}
          className="relative cursor-crosshair overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-900"
        >
          {url ? (
            <img
              src={url}
              alt={t('photo.alt')}
              draggable={false}
              className="block h-auto w-full select-none"
              onLoad={(e) =>
                setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
              }
            />
          ) : (
            <p role="status" className="p-10 text-center text-sm text-slate-500">
              {t('loading')}
            </p>
          )}
          {size && (
            <svg
              viewBox={`0 0 ${size.width} ${size.height}`}
              preserveAspectRatio="none"
              className="pointer-events-none absolute inset-0 h-full w-full"
              aria-hidden
            >
              {SEGMENTS.map(([a, b]) => {
                const pa = points[a];
                const pb = points[b];
                return pa && pb ? (
                  <line
                    key={`${a}-${b}`}
                    x1={pa.x}
                    y1={pa.y}
                    x2={pb.x}
                    y2={pb.y}
                    stroke="#fff"
                    strokeWidth={radius / 2.5}
                    strokeLinecap="round"
                    opacity={0.9}
                  />
                ) : null;
              })}
              {FIT_JOINTS.map((joint) => {
                const p = points[joint];
                return p ? (
                  <circle
                    key={joint}
                    cx={p.x}
                    cy={p.y}
                    r={joint === selected ? radius * 1.4 : radius}
                    fill={COLOURS[joint]}
                    stroke="#fff"
                    strokeWidth={radius / 3}
                  />
                ) : null;
              })}
            </svg>
          )}
        </div>
      </div>
      <div className="space-y-4">
        <div>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('photo.anglesTitle')}</h3>
          <dl
            className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
            data-testid="photo-angles"
          >
            {angleRows.map((row) => (
              <div key={row.key} className="flex items-baseline justify-between gap-3 px-3 py-2 text-sm">
                <dt className="text-slate-600 dark:text-slate-300">{t(`photo.angles.${row.key}`)}</dt>
                <dd className="text-right" data-testid={`angle-${row.key}`}>
                  <span className="font-semibold tabular-nums text-slate-900 dark:text-white">
                    {row.value === null ? '—' : `${format.number(row.value, 1)}°`}
                  </span>
                  {row.extra && (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{row.extra}</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t('photo.howTo')}</p>
        </div>
        <Field label={t('photo.position')} hint={t('photo.positionHint')}>
          {(props) => (
            <Select
              {...props}
              value={positionId}
              onChange={(e) => {
                setPositionId(e.target.value);
                setSaved(false);
              }}
              data-testid="photo-position"
            >
              <option value="">{t('photo.noPosition')}</option>
              {positions.map((p) => (
                <option key={p.id} value={p.id}>
                  {`${bikeName(p.bike_id)} · ${p.name ?? format.date(p.fit_date)}${p.is_active ? ` (${t('positions.active')})` : ''}`}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {save.isError && <Alert>{errorMessage(save.error, t)}</Alert>}
        {saved && (
          <p
            role="status"
            className="text-sm font-medium text-emerald-700 dark:text-emerald-400"
            data-testid="photo-saved"
          >
            {positionId ? t('photo.savedWithPosition') : t('photo.saved')}
          </p>
        )}
        <Button
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={Object.keys(points).length === 0}
          data-testid="photo-save"
        >
          {t('photo.save')}
        </Button>
      </div>
    </div>
  );
}
