import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type { BlobStore } from '../../storage/blob-store.ts';
import { presentActivity, presentLap } from '../activities/activity.presenter.ts';
import type { AccountRepository } from './account.repository.ts';
import {
  presentMeasurement,
  presentPhoto,
  presentPosition,
  presentSession,
} from '../fitting/fitting.presenter.ts';
import { PHOTO_EXTENSIONS, type PhotoType } from '../fitting/photo-type.ts';

type Snapshot = Awaited<ReturnType<AccountRepository['snapshot']>>;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // Text the rider typed (a ride's name, notes) that begins like a formula would run as one when the
  // CSV is opened in a spreadsheet (`=HYPERLINK(…)`, `=cmd|…`): it is kept as text with a leading
  // apostrophe, as OWASP's "CSV Injection" advises. Numbers are never changed (a negative stays one).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  return `${[columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\n')}\n`;
}

const EXTENSIONS: Record<string, string> = { fit: 'fit', tcx: 'tcx', gpx: 'gpx' };

function safeName(text: string): string {
  return text.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 60);
}

/** A photo's name in the export: its upload day and id (images are already compressed: stored, not deflated). */
function photoFileName(photo: { id: string; created_at: Date; content_type: string }): string {
  const ext = PHOTO_EXTENSIONS[photo.content_type as PhotoType] ?? 'bin';
  return `fitting-photos/${photo.created_at.toISOString().slice(0, 10)}_${safeName(photo.id)}.${ext}`;
}

const README = `Vatio export
============

profile.json            your account, profile, settings and plan
bikes.json              your bikes
bike-components.json    your bikes' parts (installed, retired, service intervals)
bike-maintenance.json   your bikes' service log
athlete-settings.json   FTP, weight, max HR and LTHR by date
activities.json         every ride with every stored metric (the "summary" holds the full analysis)
activities.csv          one row per ride, the main metrics
laps.csv                one row per lap
originals/              the files you uploaded, byte for byte, named date_activity-id.ext
fitting.json            bike fitting: body measurements (cm, kg), bike positions (mm, degrees),
                        fitting sessions, and each photo's marked points and measured angles
fitting-photos/         the side photos you uploaded, byte for byte, named date_photo-id.ext
training-plan.json      your goals, your own workouts, the plan's settings and your changes to its days

Units: distances in metres, times in seconds, speeds in m/s, power in watts, dates in UTC.
`;

/**
 * The rider's data as a zip, streamed: original files are read one at a time, so an export of
 * thousands of rides never holds them all in memory.
 */
export function exportArchive(snapshot: Snapshot, blobs: BlobStore, log: (error: unknown) => void): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const addText = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(new TextEncoder().encode(text), true);
  };

  void (async () => {
    try {
      addText('README.txt', README);
      const { user, profile, settings, subscription, bikes, athleteSettings, activities, laps, files } =
        snapshot;
      // Unnamed rides are named in the rider's language, as the app shows them.
      const language = settings?.language === 'es' ? 'es' : 'en';
      addText('profile.json', JSON.stringify({ user, profile, settings, subscription }, null, 2));
      addText('bikes.json', JSON.stringify(bikes, null, 2));
      addText('bike-components.json', JSON.stringify(snapshot.components, null, 2));
      addText('bike-maintenance.json', JSON.stringify(snapshot.maintenance, null, 2));
      addText('athlete-settings.json', JSON.stringify(athleteSettings, null, 2));
      addText('training-plan.json', JSON.stringify(snapshot.trainingPlan, null, 2));
      addText(
        'activities.json',
        JSON.stringify(
          activities.map((a) => ({ ...presentActivity(a, language), summary: a.summary })),
          null,
          2,
        ),
      );
      addText('activities.csv', toCsv(activities.map((a) => presentActivity(a, language))));
      addText('laps.csv', toCsv(laps.map((l) => ({ activity_id: l.activity_id, ...presentLap(l) }))));
      const byActivity = new Map(activities.map((a) => [a.id, a]));
      for (const file of files) {
        const activity = byActivity.get(file.activity_id);
        const date = activity ? activity.start_time.toISOString().slice(0, 10) : 'unknown-date';
        const ext = EXTENSIONS[file.format] ?? 'bin';
        const entry = new ZipDeflate(`originals/${date}_${safeName(file.activity_id)}.${ext}`, { level: 6 });
        zip.add(entry);
        entry.push(await blobs.get(file.blob_key), true);
      }
      const { fitting } = snapshot;
      addText(
        'fitting.json',
        JSON.stringify(
          {
            body_measurements: fitting.measurements.map(presentMeasurement),
            bike_positions: fitting.positions.map(presentPosition),
            fitting_sessions: fitting.sessions.map(presentSession),
            photos: fitting.photos.map((p) => {
              const { image_url: _url, ...photo } = presentPhoto(p);
              return { ...photo, file: photoFileName(p) };
            }),
          },
          null,
          2,
        ),
      );
      for (const photo of fitting.photos) {
        const entry = new ZipDeflate(photoFileName(photo), { level: 0 });
        zip.add(entry);
        entry.push(await blobs.get(photo.blob_key), true);
      }
      zip.end();
    } catch (error) {
      log(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
