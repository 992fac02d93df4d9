import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Which blob keys rows point to (the orphan sweep, blob-sweep.ts); across every rider, by design. */
export class BlobRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The keys among `keys` that some row still needs: a ride's file or streams, a pending import file, a photo. */
  async referenced(keys: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    if (keys.length === 0) return out;
    const [files, streams, imports, photos] = await Promise.all([
      this.db.selectFrom('activity_files').select('blob_key').where('blob_key', 'in', keys).execute(),
      this.db.selectFrom('activity_streams').select('blob_key').where('blob_key', 'in', keys).execute(),
      // Only files still waiting for or in analysis need their bytes: a settled failed or duplicate file
      // keeps none (issue 28), even where a row written before that rule still names its blob.
      this.db
        .selectFrom('import_files')
        .select('blob_key')
        .where('blob_key', 'in', keys)
        .where('status', 'in', ['queued', 'processing'])
        .execute(),
      this.db.selectFrom('fitting_photos').select('blob_key').where('blob_key', 'in', keys).execute(),
    ]);
    for (const row of [...files, ...streams, ...imports, ...photos]) if (row.blob_key) out.add(row.blob_key);
    return out;
  }
}
