import { storageUsageResponseSchema } from '@vatio/schemas';
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
