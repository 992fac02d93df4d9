import { importDetailResponseSchema, storageUsageResponseSchema } from '@vatio/schemas';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import type { ImportTracker } from '../../hooks/useImportUpload';
import { renderScreen, screen } from '../../test/render';
import { ImportProgressPanel } from './ImportProgressPanel';

// Issue 28: an upload refused at the rider's storage quota says so, with the quota.
const MB = 1024 * 1024;
const usage = storageUsageResponseSchema.parse({ used_bytes: 1.5 * MB, quota_bytes: 5120 * MB });

const refused: ImportTracker = {
  upload: () => {},
  uploading: false,
  uploadFraction: 0,
  uploadError: new ApiError(413, 'STORAGE_QUOTA_EXCEEDED', 'past the quota'),
  sending: [],
  importId: null,
  detail: null,
  files: [],
  done: false,
  dismiss: () => {},
};

describe('an upload refused at the storage quota', () => {
  it("an upload refused at the quota says so in the rider's language, with the quota", async () => {
    await renderScreen(<ImportProgressPanel tracker={refused} />, { answers: { '/storage': usage } });
    expect(await screen.findByText(/past your 5 GB quota, so nothing of it was kept/)).toBeInTheDocument();
  });

  it('and in Spanish', async () => {
    await renderScreen(<ImportProgressPanel tracker={refused} />, {
      language: 'es',
      answers: { '/storage': usage },
    });
    expect(await screen.findByText(/superaría tu cuota de 5 GB/)).toBeInTheDocument();
  });
});

// Issue 28: an import is done only once its rides have been measured together (its batch pass), so
// between its last file and done the panel says what it is waiting for, not "importing".
function tracker(
  status: 'processing' | 'done',
  counts: { queued: number; processing: number; done: number },
) {
  const total = counts.queued + counts.processing + counts.done;
  const detail = importDetailResponseSchema.parse({
    id: 'imp-1',
    source: 'upload',
    status,
    created_at: '2026-11-29T10:00:00.000Z',
    updated_at: '2026-11-29T10:00:05.000Z',
    counts: { total, ...counts, recovered: 0, duplicate: 0, failed: 0 },
    files: [
      ...Array.from({ length: counts.queued }, () => 'queued'),
      ...Array.from({ length: counts.processing }, () => 'processing'),
      ...Array.from({ length: counts.done }, () => 'done'),
    ].map((fileStatus, i) => ({
      id: `f${i}`,
      name: `ride-${i}.fit`,
      status: fileStatus,
      message: null,
      message_code: null,
      activity_id: fileStatus === 'done' ? `a${i}` : null,
    })),
  });
  return {
    ...refused,
    uploadError: null,
    importId: 'imp-1',
    detail,
    files: detail.files,
    done: status === 'done',
  };
}

describe('the heading follows the import', () => {
  it('importing while a file is still to handle', async () => {
    await renderScreen(
      <ImportProgressPanel tracker={tracker('processing', { queued: 1, processing: 1, done: 2 })} />,
    );
    expect(await screen.findByRole('heading', { name: 'Importing your rides...' })).toBeInTheDocument();
  });

  it('finishing once every file is handled and the import is not done yet', async () => {
    await renderScreen(
      <ImportProgressPanel tracker={tracker('processing', { queued: 0, processing: 0, done: 4 })} />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Finishing: measuring your rides together...' }),
    ).toBeInTheDocument();
  });

  it('finished once the import is done, in Spanish too', async () => {
    await renderScreen(
      <ImportProgressPanel tracker={tracker('done', { queued: 0, processing: 0, done: 4 })} />,
      {
        language: 'es',
      },
    );
    expect(await screen.findByRole('heading', { name: 'Importación terminada' })).toBeInTheDocument();
  });
});
