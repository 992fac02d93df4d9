/**
 * What must hold in the database and the blob store after every fuzz batch: no import file left
 * queued or processing, every finished file answered (a ride for done/recovered, a code and a message
 * for failed), every ride whole (its original and its streams, both on disk), and no blob on disk that
 * no row points to (half an upload). Read-only queries, for the fuzzer and its tests.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../packages/server/src/db/schema.ts';

/** Every blob file under the store's root (`ab/cd/<sha256>`), and any temporary file left behind. */
function blobsOnDisk(root: string): { keys: Set<string>; temporary: string[] } {
  const keys = new Set<string>();
  const temporary: string[] = [];
  if (!existsSync(root)) return { keys, temporary };
  for (const a of readdirSync(root)) {
    for (const b of readdirSync(join(root, a))) {
      for (const name of readdirSync(join(root, a, b))) {
        if (/^[0-9a-f]{64}$/.test(name)) keys.add(name);
        else temporary.push(join(a, b, name));
      }
    }
  }
  return { keys, temporary };
}

/** The orphan-blob problem's prefix (a blob on disk that no import file, ride or photo row points to). */
export const ORPHAN_BLOBS = 'blobs on disk that no row points to';

export async function checkInvariants(db: Kysely<Database>, blobRoot: string): Promise<string[]> {
  const problems: string[] = [];
  const stuck = await db
    .selectFrom('import_files')
    .select(['id', 'name', 'status'])
    .where('status', 'in', ['queued', 'processing'])
    .execute();
  for (const f of stuck) problems.push(`import file ${f.id} (${f.name.slice(0, 60)}) still ${f.status}`);

  const files = await db
    .selectFrom('import_files')
    .leftJoin('activities', 'activities.id', 'import_files.activity_id')
    .select([
      'import_files.id',
      'import_files.name',
      'import_files.status',
      'import_files.message_code',
      'import_files.message',
      'import_files.activity_id',
      'activities.id as ride',
    ])
    .execute();
  for (const f of files) {
    const label = `import file ${f.id} (${f.name.slice(0, 60)})`;
    if ((f.status === 'done' || f.status === 'recovered') && !f.ride)
      problems.push(`${label} is ${f.status} without a stored ride`);
    if (f.status === 'failed' && (!f.message_code || !f.message?.trim()))
      problems.push(`${label} failed without a code and a message`);
    if (f.status === 'failed' && f.message_code === 'INTERNAL')
      problems.push(`${label} failed with an internal error (an exception in the import)`);
  }

  const rides = await db
    .selectFrom('activities')
    .leftJoin('activity_files', 'activity_files.activity_id', 'activities.id')
    .leftJoin('activity_streams', 'activity_streams.activity_id', 'activities.id')
    .select(['activities.id', 'activity_files.blob_key as file', 'activity_streams.blob_key as streams'])
    .execute();
  const { keys: onDisk, temporary } = blobsOnDisk(blobRoot);
  for (const r of rides) {
    if (!r.file || !r.streams)
      problems.push(`ride ${r.id} lacks its ${r.file ? 'streams' : 'original file'} row`);
    for (const key of [r.file, r.streams]) {
      if (key && !onDisk.has(key)) problems.push(`ride ${r.id}: blob ${key} missing on disk`);
    }
  }
  const referenced = new Set<string>();
  const add = (rows: Array<{ blob_key: string | null }>) => {
    for (const r of rows) if (r.blob_key) referenced.add(r.blob_key);
  };
  add(await db.selectFrom('import_files').select('blob_key').execute());
  add(await db.selectFrom('activity_files').select('blob_key').execute());
  add(await db.selectFrom('activity_streams').select('blob_key').execute());
  add(await db.selectFrom('fitting_photos').select('blob_key').execute());
  const orphans = [...onDisk].filter((k) => !referenced.has(k));
  if (orphans.length > 0) problems.push(`${orphans.length} ${ORPHAN_BLOBS} (${orphans[0]}…)`);
  if (temporary.length > 0) problems.push(`${temporary.length} temporary files left in the blob store`);
  return problems;
}
