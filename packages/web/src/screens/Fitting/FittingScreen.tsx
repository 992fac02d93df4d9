import { saddleHeightEstimates } from '@vatio/analysis';
import { FIT_PHOTO_TYPES } from '@vatio/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, Pencil, Plus, Star, Trash2, Upload } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BikePosition,
  type BodyMeasurement,
  type FittingPhoto,
  type FittingSession,
  activatePosition,
  deleteMeasurement,
  deletePhoto,
  deletePosition,
  deleteSession,
  listMeasurements,
  listPhotos,
  listPositions,
  listSessions,
  uploadFittingPhoto,
} from '../../api/fitting';
import { ApiError } from '../../api/client';
import { listBikes } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { Loadable } from '../../components/Loadable';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { useFormat } from '../../hooks/useFormat';
import { errorMessage, validationMessage } from '../../lib/errors';
import { FittingDialog, type FittingDialogState } from './FittingDialog';
import { HintList } from './HintList';
import { PhotoMarker } from './PhotoMarker';
import { SessionDialog, type SessionDialogState } from './SessionDialog';
import { formatFit, MEASUREMENT_FIELDS, POSITION_FIELDS } from './fittingForm';

type Deleting =
  | { kind: 'measurement'; item: BodyMeasurement }
  | { kind: 'position'; item: BikePosition }
  | { kind: 'session'; item: FittingSession }
  | { kind: 'photo'; item: FittingPhoto }
  | null;

function Empty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      data-testid={testId}
      className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-600 dark:text-slate-400"
    >
      {children}
    </p>
  );
}

function IconButton({
  label,
  onClick,
  danger,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Button
      variant="ghost"
      aria-label={label}
      title={label}
      data-testid={testId}
      className={
        danger ? 'px-2 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-700' : 'px-2'
      }
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      {/* Wrapped, never cut: two to a row on a phone, 'Flexión de rodilla, abajo' read 'Flexión de rodilla, a…'. */}
      <dt className="text-xs break-words text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

/** /fitting (spec 001 §2.9): the rider's body, bike positions with hints, photo analysis, sessions. */
export function FittingScreen() {
  const { t } = useTranslation(['fitting', 'validation', 'common']);
  const format = useFormat();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const uid = user?.id;
  const bikes = useQuery({ queryKey: queryKeys.bikes.list(uid), queryFn: listBikes });
  const measurements = useQuery({ queryKey: queryKeys.fitting.measurements(uid), queryFn: listMeasurements });
  const positions = useQuery({ queryKey: queryKeys.fitting.positions(uid), queryFn: listPositions });
  const sessions = useQuery({ queryKey: queryKeys.fitting.sessions(uid), queryFn: listSessions });
  const photos = useQuery({ queryKey: queryKeys.fitting.photos(uid), queryFn: listPhotos });
  const [dialog, setDialog] = useState<FittingDialogState>(null);
  const [sessionDialog, setSessionDialog] = useState<SessionDialogState>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [openPhotoId, setOpenPhotoId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const photoCard = useRef<HTMLDivElement>(null);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: queryKeys.fitting.all });
  const bikeList = bikes.data ?? [];
  const bikeName = (id: string | null) =>
    bikeList.find((b) => b.id === id)?.name ?? t('fitting:positions.unknownBike');
  const latest = measurements.data?.[0] ?? null;
  const latestInseam = measurements.data?.find((m) => m.inseam_cm !== null)?.inseam_cm ?? null;

  const remove = useMutation({
    mutationFn: async (target: Exclude<Deleting, null>) => {
      if (target.kind === 'measurement') await deleteMeasurement(target.item.id);
      if (target.kind === 'position') await deletePosition(target.item.id);
      if (target.kind === 'session') await deleteSession(target.item.id);
      if (target.kind === 'photo') await deletePhoto(target.item.id);
    },
    onMutate: () => setActionError(undefined),
    onSuccess: async (_data, target) => {
      if (target.kind === 'photo' && openPhotoId === target.item.id) setOpenPhotoId(null);
      setDeleting(null);
      await invalidate();
    },
    onError: (error) => {
      setDeleting(null);
      setActionError(errorMessage(error, t));
    },
  });
  const activate = useMutation({
    mutationFn: (position: BikePosition) => activatePosition(position.id),
    onMutate: () => setActionError(undefined),
    onSuccess: invalidate,
    onError: (error) => setActionError(errorMessage(error, t)),
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadFittingPhoto(file),
    onSuccess: async (photo) => {
      await invalidate();
      setOpenPhotoId(photo.id);
    },
  });

  const loading = measurements.isPending || positions.isPending || sessions.isPending || photos.isPending;
  const failed = [bikes, measurements, positions, sessions, photos].find((q) => q.isError);

  const positionsByBike = new Map<string, BikePosition[]>();
  for (const p of positions.data ?? [])
    positionsByBike.set(p.bike_id, [...(positionsByBike.get(p.bike_id) ?? []), p]);
  const openPhoto = photos.data?.find((p) => p.id === openPhotoId) ?? null;

  const startPhoto = () => {
    photoCard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    fileInput.current?.click();
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('fitting:title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('fitting:subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={startPhoto} data-testid="photo-analysis-button">
            <Camera className="h-4 w-4" aria-hidden />
            {t('fitting:photo.button')}
          </Button>
          <Button onClick={() => setDialog({ mode: 'new' })} data-testid="new-fitting">
            <Plus className="h-4 w-4" aria-hidden />
            {t('fitting:newFitting')}
          </Button>
        </div>
      </div>

      {/* The five lists' loading and first failure; Retry asks them all again. */}
      <Loadable
        query={{
          data: loading || failed ? undefined : true,
          error: failed?.error,
          isPending: loading,
          isError: failed !== undefined,
          refetch: invalidate,
        }}
        loading={
          <p role="status" className="text-sm text-slate-500">
            {t('fitting:loading')}
          </p>
        }
        error={{ message: (error) => errorMessage(error, t), look: 'alert', retryLabel: t('fitting:retry') }}
      >
        {() => null}
      </Loadable>
      {actionError && <Alert>{actionError}</Alert>}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card data-testid="measurements-card" className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('fitting:measurements.title')}
          </h2>
          {measurements.isSuccess && !latest && (
            <div className="mt-4 space-y-3">
              <Empty testId="measurements-empty">{t('fitting:measurements.empty')}</Empty>
            </div>
          )}
          {latest && (
            <div className="mt-4 space-y-4">
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {t('fitting:measurements.latest', { date: format.date(latest.measured_on) })}
              </p>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="latest-measurement">
                {MEASUREMENT_FIELDS.map((f) => (
                  <Value key={f.name} label={t(`fitting:fields.${f.name}`)}>
                    {formatFit(f.kind, latest[f.name], format)}
                  </Value>
                ))}
              </dl>
              {latest.injury_history && (
                <p className="text-sm">
                  <span className="font-medium">{t('fitting:fields.injury_history')}:</span>{' '}
                  {latest.injury_history}
                </p>
              )}
              {latest.notes && (
                <p className="text-sm">
                  <span className="font-medium">{t('fitting:fields.notes')}:</span> {latest.notes}
                </p>
              )}
              {latestInseam !== null && (
                <div
                  className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900"
                  data-testid="measurement-estimates"
                >
                  <p className="font-medium text-slate-900 dark:text-white">
                    {t('fitting:measurements.estimatesTitle')}
                  </p>
                  <ul className="mt-1 space-y-1 text-slate-700 dark:text-slate-200">
                    {saddleHeightEstimates(latestInseam).map((e) => (
                      <li key={e.method}>
                        {t(`fitting:analysis.${e.method}`, {
                          height: formatFit('bikeMm', e.height_mm, format),
                        })}{' '}
                        {t(`fitting:measurements.reference.${e.reference}`)}{' '}
                        <span className="text-xs text-slate-500">({e.source})</span>
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                    {t('fitting:analysis.guidance')}
                  </p>
                </div>
              )}
              <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
                {t('fitting:measurements.history')}
              </h3>
              <ul
                className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
                data-testid="measurement-history"
              >
                {(measurements.data ?? []).map((m) => (
                  <li key={m.id} className="flex items-center gap-2 px-3 py-2 text-sm">
                    <span className="w-24 shrink-0 font-medium">{format.date(m.measured_on)}</span>
                    {/* Wrapped: cut to one line, a phone showed 'Altura …' and nothing of the measures. */}
                    <span className="min-w-0 flex-1 break-words text-slate-600 dark:text-slate-300">
                      {[
                        m.height_cm !== null &&
                          `${t('fitting:short.height')} ${formatFit('bodyCm', m.height_cm, format)}`,
                        m.weight_kg !== null && formatFit('weight', m.weight_kg, format),
                        m.inseam_cm !== null &&
                          `${t('fitting:short.inseam')} ${formatFit('bodyCm', m.inseam_cm, format)}`,
                        m.flexibility_score !== null &&
                          `${t('fitting:short.flexibility')} ${m.flexibility_score}/10`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    <IconButton
                      label={t('fitting:edit')}
                      onClick={() => setDialog({ mode: 'measurement', measurement: m })}
                    >
                      <Pencil className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton
                      label={t('fitting:delete')}
                      danger
                      onClick={() => setDeleting({ kind: 'measurement', item: m })}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </IconButton>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Card>

        <Card data-testid="positions-card" className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('fitting:positions.title')}
          </h2>
          {positions.isSuccess && positionsByBike.size === 0 && (
            <div className="mt-4">
              <Empty testId="positions-empty">
                {bikes.isSuccess && bikeList.length === 0
                  ? t('fitting:positions.noBikes')
                  : t('fitting:positions.empty')}
              </Empty>
            </div>
          )}
          <div className="mt-4 space-y-5">
            {[...positionsByBike.entries()].map(([bikeId, list]) => (
              <section key={bikeId} aria-label={bikeName(bikeId)}>
                <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{bikeName(bikeId)}</h3>
                <ul className="mt-2 space-y-3">
                  {list.map((p) => (
                    <li
                      key={p.id}
                      data-testid="position"
                      className={
                        p.is_active
                          ? 'rounded-lg border-2 border-brand-500 p-3'
                          : 'rounded-lg border border-slate-200 p-3 dark:border-slate-700'
                      }
                    >
                      <div className="flex flex-wrap items-center gap-2">
                        <p className="min-w-0 flex-1 font-medium text-slate-900 dark:text-white">
                          {p.name ?? t('fitting:positions.unnamed')}{' '}
                          <span className="text-sm font-normal text-slate-500">
                            · {format.date(p.fit_date)}
                          </span>
                        </p>
                        {p.is_active ? (
                          <span
                            className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-700 dark:text-brand-500"
                            data-testid="active-badge"
                          >
                            <Star className="h-3 w-3" aria-hidden />
                            {t('fitting:positions.active')}
                          </span>
                        ) : (
                          <Button
                            variant="ghost"
                            className="px-2 text-xs"
                            loading={activate.isPending && activate.variables?.id === p.id}
                            onClick={() => activate.mutate(p)}
                          >
                            {t('fitting:positions.makeActive')}
                          </Button>
                        )}
                        <IconButton
                          label={t('fitting:edit')}
                          onClick={() => setDialog({ mode: 'position', position: p })}
                        >
                          <Pencil className="h-4 w-4" aria-hidden />
                        </IconButton>
                        <IconButton
                          label={t('fitting:delete')}
                          danger
                          onClick={() => setDeleting({ kind: 'position', item: p })}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </IconButton>
                      </div>
                      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                        {POSITION_FIELDS.filter((f) => p[f.name] !== null).map((f) => (
                          <Value key={f.name} label={t(`fitting:fields.${f.name}`)}>
                            {formatFit(f.kind, p[f.name], format)}
                          </Value>
                        ))}
                      </dl>
                      {p.hints.length > 0 && <HintList hints={p.hints} />}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </Card>
      </div>

      <div ref={photoCard} className="scroll-mt-24">
        <Card data-testid="photos-card">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
                {t('fitting:photo.title')}
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('fitting:photo.subtitle')}</p>
            </div>
            <Button variant="secondary" onClick={() => fileInput.current?.click()} loading={upload.isPending}>
              <Upload className="h-4 w-4" aria-hidden />
              {t('fitting:photo.upload')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={FIT_PHOTO_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-label={t('fitting:photo.upload')}
              data-testid="photo-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file);
                e.target.value = '';
              }}
            />
          </div>
          {upload.isError && (
            <div className="mt-3">
              <Alert>
                {upload.error instanceof ApiError && upload.error.fields.file
                  ? validationMessage(upload.error.fields.file, t)
                  : errorMessage(upload.error, t)}
              </Alert>
            </div>
          )}
          {photos.isSuccess && photos.data.length === 0 && (
            <div className="mt-4">
              <Empty testId="photos-empty">{t('fitting:photo.empty')}</Empty>
            </div>
          )}
          {photos.data && photos.data.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-2" data-testid="photo-list">
              {photos.data.map((photo) => (
                <li
                  key={photo.id}
                  className="flex items-center gap-1 rounded-lg border border-slate-200 py-1 pl-3 pr-1 text-sm dark:border-slate-700"
                >
                  <button
                    type="button"
                    className={
                      photo.id === openPhotoId
                        ? 'font-semibold text-brand-700 dark:text-brand-500'
                        : 'text-slate-700 dark:text-slate-200'
                    }
                    aria-pressed={photo.id === openPhotoId}
                    onClick={() => setOpenPhotoId(photo.id)}
                  >
                    {format.date(photo.created_at)}
                    {photo.angles?.knee_angle_deg != null &&
                      ` · ${t('fitting:photo.angles.knee')} ${format.number(photo.angles.knee_angle_deg, 1)}°`}
                  </button>
                  <IconButton
                    label={t('fitting:delete')}
                    danger
                    onClick={() => setDeleting({ kind: 'photo', item: photo })}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </IconButton>
                </li>
              ))}
            </ul>
          )}
          {openPhoto && (
            <div className="mt-5">
              <PhotoMarker
                key={openPhoto.id}
                photo={openPhoto}
                positions={positions.data ?? []}
                bikes={bikeList}
                onSaved={invalidate}
              />
            </div>
          )}
        </Card>
      </div>

      <Card data-testid="sessions-card">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('fitting:sessions.title')}
          </h2>
          <Button
            variant="secondary"
            onClick={() => setSessionDialog({ mode: 'new' })}
            data-testid="new-session"
          >
            <Plus className="h-4 w-4" aria-hidden />
            {t('fitting:sessions.add')}
          </Button>
        </div>
        {sessions.isSuccess && sessions.data.length === 0 && (
          <div className="mt-4">
            <Empty testId="sessions-empty">{t('fitting:sessions.empty')}</Empty>
          </div>
        )}
        <ul className="mt-4 space-y-3">
          {(sessions.data ?? []).map((s) => (
            <li
              key={s.id}
              className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
              data-testid="session"
            >
              <div className="flex flex-wrap items-center gap-2">
                <p className="min-w-0 flex-1 font-medium text-slate-900 dark:text-white">
                  {format.date(s.session_date)} · {t(`fitting:sessionTypes.${s.session_type}`)}
                  {s.bike_id && <span className="font-normal text-slate-500"> · {bikeName(s.bike_id)}</span>}
                  {s.fitter_name && <span className="font-normal text-slate-500"> · {s.fitter_name}</span>}
                </p>
                <IconButton
                  label={t('fitting:edit')}
                  onClick={() => setSessionDialog({ mode: 'edit', session: s })}
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                </IconButton>
                <IconButton
                  label={t('fitting:delete')}
                  danger
                  onClick={() => setDeleting({ kind: 'session', item: s })}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </IconButton>
              </div>
              <dl className="mt-2 grid gap-2 sm:grid-cols-3">
                {(['goals', 'issues_addressed', 'adjustments_made'] as const).map((name) =>
                  s[name].length > 0 ? (
                    <Value key={name} label={t(`fitting:fields.${name}`)}>
                      <span className="font-normal">{s[name].join(', ')}</span>
                    </Value>
                  ) : null,
                )}
              </dl>
              <p className="mt-2 text-slate-600 dark:text-slate-300">
                {[
                  s.comfort_improvement !== null &&
                    `${t('fitting:fields.comfort_improvement')} ${s.comfort_improvement}/10`,
                  s.power_improvement !== null &&
                    `${t('fitting:fields.power_improvement')} ${s.power_improvement}/10`,
                  s.follow_up_required &&
                    (s.follow_up_on
                      ? t('fitting:sessions.followUpOn', { date: format.date(s.follow_up_on) })
                      : t('fitting:fields.follow_up_required')),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {s.notes && <p className="mt-1 text-slate-600 dark:text-slate-300">{s.notes}</p>}
            </li>
          ))}
        </ul>
      </Card>

      <FittingDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={invalidate}
        bikes={bikeList}
        latestInseamCm={latestInseam}
      />
      <SessionDialog
        state={sessionDialog}
        onClose={() => setSessionDialog(null)}
        onSaved={invalidate}
        bikes={bikeList}
      />
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t('fitting:deleteTitle')}
        description={deleting ? t(`fitting:deleteConfirm.${deleting.kind}`) : ''}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={remove.isPending} onClick={() => setDeleting(null)}>
            {t('fitting:cancel')}
          </Button>
          <Button
            variant="danger"
            data-testid="confirm-delete"
            loading={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting)}
          >
            {t('fitting:delete')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
