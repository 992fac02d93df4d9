import { storageUsageResponseSchema } from '@vatio/schemas';
import { describe, expect, it } from 'vitest';
import { renderScreen, screen } from '../../test/render';
import { StorageUsage } from './StorageUsage';

const MB = 1024 * 1024;
const usage = storageUsageResponseSchema.parse({ used_bytes: 1.5 * MB, quota_bytes: 5120 * MB });

describe('the storage quota where rides are uploaded', () => {
  it('shows what the rider stores of their quota', async () => {
    await renderScreen(<StorageUsage />, { answers: { '/storage': usage } });
    expect(await screen.findByTestId('storage-usage')).toHaveTextContent('Stored files: 1.5 MB of 5 GB');
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('speaks Spanish with a decimal comma', async () => {
    await renderScreen(<StorageUsage />, { language: 'es', answers: { '/storage': usage } });
    expect(await screen.findByTestId('storage-usage')).toHaveTextContent(
      'Archivos guardados: 1,5 MB de 5 GB',
    );
  });

  it('without a quota says only what is stored', async () => {
    await renderScreen(<StorageUsage />, {
      answers: { '/storage': { used_bytes: 42 * MB, quota_bytes: null } },
    });
    expect(await screen.findByTestId('storage-usage')).toHaveTextContent('Stored files: 42 MB');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
