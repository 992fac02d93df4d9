import { expect, test } from '../fixtures.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';

test.describe('personal API keys', () => {
  test('a rider creates a read key in Settings, a script uses it, the list shows the use, and revoking stops it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndOnboard(page, `api-keys-${Date.now()}@example.org`, 'en');
    await page.goto('/settings');
    await expect(page.getByText('You have no API keys.')).toBeVisible();

    await page.getByTestId('api-key-name').fill('Analysis notebook');
    await expect(page.getByTestId('api-key-scope')).toHaveValue('read');
    await page.getByTestId('api-key-create').click();
    const notice = page.getByTestId('api-key-secret-notice');
    await expect(notice).toContainText('shown only this once');
    const secret = await page.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^vatio_[A-Za-z0-9_-]{43}$/);
    const row = page.getByTestId('api-key-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Analysis notebook');
    await expect(row).toContainText('Read only');
    await expect(row.getByTestId('api-key-last-used')).toHaveText('never used');

    // A script: the key reads rides, and may not write.
    const headers = { authorization: `Bearer ${secret}` };
    expect((await page.request.get('/api/activities', { headers })).status()).toBe(200);
    const write = await page.request.post('/api/bikes', { headers, data: { name: 'x', type: 'road' } });
    expect(write.status()).toBe(403);

    // Shown once: after "saved" and a reload, only the prefix is left, and the last use is listed.
    await page.getByTestId('api-key-secret-done').click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('api-key-secret')).toHaveCount(0);
    await expect(row.getByTestId('api-key-last-used')).toContainText('last used');
    expect(await page.content()).not.toContain(secret);

    await row.getByTestId('api-key-revoke').click();
    await expect(page.getByRole('dialog')).toContainText('Scripts using this key will stop working');
    await page.getByTestId('api-key-revoke-confirm').click();
    await expect(page.getByText('You have no API keys.')).toBeVisible();
    expect((await page.request.get('/api/activities', { headers })).status()).toBe(401);
  });
});
