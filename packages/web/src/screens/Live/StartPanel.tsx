import { useQueryClient } from '@tanstack/react-query';
import { Bluetooth, PlayCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getActivityStreams } from '../../api/activities';
import type { OverviewData } from '../../api/overview';
import { queryKeys } from '../../api/query-keys';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { errorMessage } from '../../lib/errors';
import {
  bluetoothSupported,
  type ConnectedSensor,
  type ConnectedTrainer,
  connectSensor,
  connectTrainer,
  SENSOR_KINDS,
  type SensorKind,
} from './bluetooth';
import { ErgControl } from './ergControl';
import { choiceValue, useWorkoutChoices } from './workoutChoices';
import { WorkoutPicker } from './WorkoutPicker';
import { workoutPlan } from './workoutRide';
import { type FollowReason, WorkoutRun } from './workoutRun';
import { parseCscMeasurement, parseCyclingPowerMeasurement, parseHeartRateMeasurement } from './gatt';
import { SensorFusion } from './liveSession';
import type { LiveRide } from './useLiveRide';

/** Replay speeds offered (spec: 1×–20×). */
export const REPLAY_SPEEDS = [1, 2, 5, 10, 20] as const;

/**
 * Wheel circumferences of common tyres, mm (the bicycle computer makers' wheel-size tables, e.g.
 * 700×25c ≈ 2105 mm): speed is wheel revolutions per second × circumference.
 */
const WHEELS = [
  { label: '700×23c', mm: 2096 },
  { label: '700×25c', mm: 2105 },
  { label: '700×28c', mm: 2136 },
  { label: '700×32c', mm: 2155 },
  { label: '29×2.1"', mm: 2288 },
] as const;

const selectClass =
  'min-h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

/** Sensors over Web Bluetooth and 'Start Activity'; 'Replay' of the latest ride at 1×–20×. */
export function StartPanel({ overview, ride }: { overview: OverviewData; ride: LiveRide }) {
  const { t } = useTranslation(['live', 'plan']);
  const queryClient = useQueryClient();
  const supported = bluetoothSupported();
  // `?workout=plan:<date>|own:<id>|library:<id>` (or a bare library id): the plan's "ride it" link.
  const [searchParams] = useSearchParams();
  const linkedId = choiceValue(searchParams.get('workout') ?? '');
  const choices = useWorkoutChoices();
  const [picked, setWorkoutId] = useState(linkedId);
  // A link to a plan day or an own workout is known once they have loaded; one that names nothing
  // (an unknown id, a day that is not today's) leaves a free ride.
  const linkUnknown = linkedId !== '' && !choices.loading && !choices.resolve(linkedId);
  const workoutId = picked === linkedId && linkUnknown ? '' : picked;
  const [trainer, setTrainer] = useState<ConnectedTrainer>();
  const [connectingTrainer, setConnectingTrainer] = useState(false);
  const [wheelMm, setWheelMm] = useState(2105);
  const [sensors, setSensors] = useState<ConnectedSensor[]>([]);
  const [connecting, setConnecting] = useState<SensorKind>();
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string }>();
  const [replayLoading, setReplayLoading] = useState(false);
  // One fusion for the whole session: notifications arrive into it from the moment a sensor connects.
  const fusion = useRef<SensorFusion>(undefined);
  const fusionNow = () => {
    fusion.current ??= new SensorFusion(wheelMm / 1000);
    return fusion.current;
  };
  // Sensors stay connected from ride to ride while the rider is on this screen; leaving it lets them go.
  const connected = useRef<ConnectedSensor[]>([]);
  connected.current = sensors;
  const connectedTrainer = useRef<ConnectedTrainer>(undefined);
  connectedTrainer.current = trainer;
  useEffect(
    () => () => {
      for (const sensor of connected.current) sensor.disconnect();
      connectedTrainer.current?.disconnect();
    },
    [],
  );

  const connectSmartTrainer = async () => {
    setConnectingTrainer(true);
    setMessage(undefined);
    try {
      const next = await connectTrainer(
        (data) => {
          // A power meter, when connected, is the ride's power; the trainer's then only drives ERG.
          const withPower = !connected.current.some((s) => s.kind === 'power');
          fusionNow().onIndoorBike(data, Date.now(), withPower);
        },
        () => {
          setTrainer(undefined);
          setMessage({ tone: 'info', text: t('start.disconnected', { name: t('workout.connectTrainer') }) });
        },
      );
      setTrainer(next);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'NotFoundError'))
        setMessage({ tone: 'error', text: t('start.connectFailed', { message: errorMessage(error, t) }) });
    } finally {
      setConnectingTrainer(false);
    }
  };

  /** The chosen workout for this ride: ERG through the trainer when there is one that can be steered. */
  const workoutRun = (kind: 'sensors' | 'replay'): WorkoutRun | undefined => {
    const chosen = workoutId ? choices.resolve(workoutId) : undefined;
    if (!chosen) return undefined;
    const plan = workoutPlan(chosen.ref, chosen.name, chosen.workout, overview.live.ftp_w, chosen.nameKey);
    const link = kind === 'sensors' ? trainer?.link : undefined;
    if (!trainer || !link) {
      trainer?.listen(undefined);
      const reason: FollowReason = kind === 'replay' ? 'replay' : trainer ? 'noControlPoint' : 'noTrainer';
      return new WorkoutRun(plan, undefined, reason);
    }
    const erg = new ErgControl(link, trainer.range);
    trainer.listen(erg);
    return new WorkoutRun(plan, erg, undefined);
  };

  const connect = async (kind: SensorKind) => {
    setConnecting(kind);
    setMessage(undefined);
    try {
      const sensor = await connectSensor(
        kind,
        (value) => {
          const now = Date.now();
          const f = fusionNow();
          if (kind === 'power') f.onPower(parseCyclingPowerMeasurement(value), now);
          else if (kind === 'heartRate') f.onHeartRate(parseHeartRateMeasurement(value), now);
          else f.onCsc(parseCscMeasurement(value), now);
        },
        () => {
          setSensors((list) => list.filter((s) => s.kind !== kind));
          setMessage({ tone: 'info', text: t('start.disconnected', { name: t(`start.connect.${kind}`) }) });
        },
      );
      setSensors((list) => [...list.filter((s) => s.kind !== kind), sensor]);
    } catch (error) {
      // The rider closing the browser's chooser is not an error worth a message.
      if (!(error instanceof DOMException && error.name === 'NotFoundError'))
        setMessage({ tone: 'error', text: t('start.connectFailed', { message: errorMessage(error, t) }) });
    } finally {
      setConnecting(undefined);
    }
  };

  const startReplay = async () => {
    const latest = overview.latest_ride;
    if (!latest) return;
    setReplayLoading(true);
    setMessage(undefined);
    try {
      const streams = await queryClient.fetchQuery({
        queryKey: queryKeys.activity.streams(latest.id),
        queryFn: () => getActivityStreams(latest.id),
      });
      if (streams.time.length === 0) setMessage({ tone: 'info', text: t('start.replayNoStreams') });
      else
        ride.start({
          kind: 'replay',
          streams,
          name: latest.name,
          activityId: latest.id,
          workout: workoutRun('replay'),
        });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, t) });
    } finally {
      setReplayLoading(false);
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <WorkoutPicker
          overview={overview}
          choices={choices}
          workoutId={workoutId}
          onChange={setWorkoutId}
          unknownLinkId={linkUnknown ? linkedId : undefined}
        />
      </div>
      <Card className="space-y-3 p-4 sm:p-5" data-testid="live-start">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <Bluetooth className="h-5 w-5 text-brand-600" aria-hidden />
          {t('start.title')}
        </h2>
        {supported ? (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('start.sensors')}</p>
            <div className="flex flex-wrap gap-2">
              {SENSOR_KINDS.map((kind) => {
                const sensor = sensors.find((s) => s.kind === kind);
                return (
                  <Button
                    key={kind}
                    variant={sensor ? 'primary' : 'secondary'}
                    loading={connecting === kind}
                    onClick={() => connect(kind)}
                    data-testid={`live-connect-${kind}`}
                  >
                    {sensor ? t('start.connected', { name: sensor.name }) : t(`start.connect.${kind}`)}
                  </Button>
                );
              })}
              <Button
                variant={trainer ? 'primary' : 'secondary'}
                loading={connectingTrainer}
                onClick={connectSmartTrainer}
                data-testid="live-connect-trainer"
              >
                {trainer ? t('start.connected', { name: trainer.name }) : t('workout.connectTrainer')}
              </Button>
            </div>
            <p className="text-xs text-slate-500">{t('workout.trainerHint')}</p>
            <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
              {t('start.wheel')}
              <select
                className={selectClass}
                value={wheelMm}
                disabled={sensors.length > 0}
                onChange={(e) => setWheelMm(Number(e.target.value))}
              >
                {WHEELS.map((w) => (
                  <option key={w.mm} value={w.mm}>
                    {w.label} · {w.mm} mm
                  </option>
                ))}
              </select>
            </label>
            <Button
              disabled={sensors.length === 0 && !trainer}
              onClick={() => {
                const f = fusionNow();
                // Readings that arrived before the start are not part of the ride's first second.
                f.takeSecond(Date.now());
                ride.start({ kind: 'sensors', fusion: f, workout: workoutRun('sensors') });
              }}
              data-testid="live-start-activity"
            >
              {t('start.startButton')}
            </Button>
            {sensors.length === 0 && !trainer && (
              <p className="text-xs text-slate-500">{t('start.needSensor')}</p>
            )}
          </>
        ) : (
          <Alert tone="info">{t('start.unsupported')}</Alert>
        )}
      </Card>
      <Card className="space-y-3 p-4 sm:p-5" data-testid="live-replay">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <PlayCircle className="h-5 w-5 text-brand-600" aria-hidden />
          {t('start.replayTitle')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('start.replayText')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            {t('start.replaySpeed')}
            <select
              className={selectClass}
              value={ride.speed}
              onChange={(e) => ride.setSpeed(Number(e.target.value))}
              data-testid="live-replay-speed"
            >
              {REPLAY_SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {s}×
                </option>
              ))}
            </select>
          </label>
          <Button
            disabled={!overview.latest_ride}
            loading={replayLoading}
            onClick={startReplay}
            data-testid="live-start-replay"
          >
            {t('start.replayButton')}
          </Button>
        </div>
      </Card>
      {message && (
        <div className="lg:col-span-2">
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      )}
    </div>
  );
}
