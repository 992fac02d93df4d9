import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { encodePng } from '../../packages/server/src/test/png.ts';
import { expect, test } from '../fixtures.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { accessToken } from '../page-models/session';
import { steady } from '../page-models/steady.ts';

const SHOTS = join(import.meta.dirname, '../../docs/screenshots/fitting');

/** A real PNG (RGB, a light wall, a floor and a dark "bike" stripe), built here so the test needs no file. */
function sidePhotoPng(width: number, height: number): Buffer {
  return encodePng(width, height, (x, y) => {
    const floor = y > height * 0.8;
    const stripe = Math.abs(y - height * 0.7) < 6 && x > width * 0.15 && x < width * 0.85;
    return stripe ? [40, 40, 48] : floor ? [148, 163, 184] : [226, 232, 240];
  });
}

const PHOTO = { width: 600, height: 450 };
// The worked rider of packages/analysis fitting.test.ts, at a fifth of the size: knee 126.9°
// (flexion 53.1°), hip 73.7°, back 36.9°, shoulder 53.1°, elbow 90°.
const MARKS = {
  hip: { x: 150, y: 150 },
  knee: { x: 230, y: 210 },
  ankle: { x: 230, y: 310 },
  shoulder: { x: 230, y: 90 },
  elbow: { x: 230, y: 150 },
  wrist: { x: 290, y: 150 },
} as const;

async function token(page: Page): Promise<string> {
  return accessToken(page);
}

async function angleOf(page: Page, key: string): Promise<number> {
  const text = (await page.getByTestId(`angle-${key}`).locator('span').first().textContent()) ?? '';
  return Number(text.replace('°', '').replace(',', '.'));
}

test.describe('bike fitting', () => {
  test('measurements and a position with their hints, a photo marked, sessions; es/en, metric/imperial', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpAndOnboard(page, `fitting-${Date.now()}@example.org`, 'en');

    await page.goto('/fitting');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Advanced Bike Fitting');
    await expect(page.getByTestId('measurements-empty')).toBeVisible();
    await expect(page.getByTestId('positions-empty')).toBeVisible();
    await expect(page.getByTestId('sessions-empty')).toBeVisible();
    await expect(page.getByTestId('photos-empty')).toBeVisible();

    // New fitting: Measurements.
    await page.getByTestId('new-fitting').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('fit-measurement.height_cm').fill('178');
    await dialog.getByTestId('fit-measurement.weight_kg').fill('70');
    await dialog.getByTestId('fit-measurement.inseam_cm').fill('85');
    await dialog.getByTestId('fit-measurement.flexibility_score').fill('6');

    // Position: a saddle height of 0 is refused in its field, nothing is saved.
    await dialog.getByTestId('tab-position').click();
    await dialog.getByTestId('fit-position.bike_id').selectOption({ label: 'Emonda' });
    await dialog.getByTestId('fit-position.saddle_height_mm').fill('0');
    await dialog.getByTestId('fitting-save').click();
    await expect(
      dialog.getByText('Saddle height must be between 400 and 1100 mm (15.7–43.3 in)'),
    ).toBeVisible();
    await expect(dialog.getByTestId('fit-position.saddle_height_mm')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByTestId('fit-position.saddle_height_mm').fill('745');
    await dialog.getByTestId('fit-position.crank_length_mm').fill('172.5');
    await dialog.getByTestId('fit-position.knee_angle_min_deg').fill('28');
    await dialog.getByTestId('fit-position.back_angle_deg').fill('38');
    await dialog.getByTestId('fit-position.comfort_rating').fill('6');

    // Analysis: the estimates and hints from what was typed.
    await dialog.getByTestId('tab-analysis').click();
    await expect(dialog.getByTestId('estimate-lemond')).toContainText('LeMond: 751 mm');
    await expect(dialog.getByTestId('estimate-hamley')).toContainText('Hamley: 927 mm');
    await expect(dialog.getByTestId('estimate-hamley')).toContainText('754 mm from the BB centre');
    await expect(dialog.getByTestId('saddle-vs-lemond')).toContainText('−6 mm');
    await expect(dialog.getByTestId('knee-verdict')).toContainText('28.0°, is within the range');
    const hints = dialog.getByTestId('position-hints');
    // 28° of flexion is inside the range the verdict gives: no knee hint contradicts it.
    await expect(hints).not.toContainText('Knee flexion');
    await expect(hints).toContainText('Comfort rating indicates position needs adjustment');
    await expect(hints).toContainText('Very aggressive position - ensure adequate flexibility');
    await dialog.getByTestId('fitting-save').click();
    await expect(dialog).toBeHidden();

    // The page: the measurement with its estimates; the position, active, with its two hints.
    await expect(page.getByTestId('latest-measurement')).toContainText('85.0 cm');
    await expect(page.getByTestId('measurement-estimates')).toContainText('751 mm');
    const position = page.getByTestId('position');
    await expect(position).toHaveCount(1);
    await expect(position.getByTestId('active-badge')).toHaveText('Active');
    await expect(position.getByTestId('position-hints').locator('li')).toHaveCount(2);
    await expect(position).toContainText('745 mm');

    // Edit the measurement from its history: the new inseam moves the estimates.
    await page.getByTestId('measurement-history').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByTestId('fit-measurement.inseam_cm').fill('86');
    await page.getByRole('dialog').getByTestId('fitting-save').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('latest-measurement')).toContainText('86.0 cm');
    await expect(page.getByTestId('measurement-estimates')).toContainText('LeMond: 759 mm');
    await expect(position).toContainText('172.5 mm');

    // A file that is not an image is refused by its bytes, whatever its name.
    await page.getByTestId('photo-input').setInputFiles({
      name: 'not-a-photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is text, not a PNG'),
    });
    await expect(page.getByTestId('photos-card')).toContainText('Send a JPEG, PNG or WebP image');
    await expect(page.getByTestId('photos-empty')).toBeVisible();

    // A fitting session.
    await page.getByTestId('new-session').click();
    await page.getByTestId('session-goals').fill('Comfort on long rides\nLess neck pain');
    await page.getByTestId('session-adjustments_made').fill('Saddle −5 mm');
    await page.getByTestId('session-save').click();
    await expect(page.getByTestId('session')).toContainText('Comfort on long rides, Less neck pain');

    // Photo analysis: a side photo uploaded, six joints marked by clicking, the angles measured.
    await page.getByTestId('photo-input').setInputFiles({
      name: 'side.png',
      mimeType: 'image/png',
      buffer: sidePhotoPng(PHOTO.width, PHOTO.height),
    });
    const surface = page.getByTestId('photo-surface');
    await expect(surface.locator('img')).toBeVisible();
    await expect(surface.locator('svg')).toBeAttached();
    const box = (await surface.boundingBox())!;
    for (const joint of ['hip', 'knee', 'ankle', 'shoulder', 'elbow', 'wrist'] as const) {
      await page.getByTestId(`joint-${joint}`).click();
      const mark = MARKS[joint];
      await surface.click({
        position: { x: (mark.x / PHOTO.width) * box.width, y: (mark.y / PHOTO.height) * box.height },
      });
    }
    await expect(surface.locator('circle')).toHaveCount(6);
    const expected = { knee: 126.9, hip: 73.7, back: 36.9, shoulder: 53.1, elbow: 90 };
    for (const [key, value] of Object.entries(expected)) {
      // Clicks land on whole screen pixels: within a degree of the hand-worked angles.
      expect(Math.abs((await angleOf(page, key)) - value), key).toBeLessThan(1.5);
    }
    await expect(page.getByTestId('angle-knee')).toContainText('above 25–35°');

    // Keyboard alternative: the wrist, nudged up with the arrow keys, closes the elbow angle.
    await page.getByTestId('joint-wrist').click();
    const elbowBefore = await angleOf(page, 'elbow');
    await surface.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp');
    expect(await angleOf(page, 'elbow')).toBeLessThan(elbowBefore - 5);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(Math.abs((await angleOf(page, 'elbow')) - elbowBefore)).toBeLessThan(0.2);

    // Saved with the active position: its joint angles fill in, and the bent knee gives a hint.
    await expect(page.getByTestId('photo-position')).not.toHaveValue('');
    await page.getByTestId('photo-save').click();
    await expect(page.getByTestId('photo-saved')).toBeVisible();
    await expect(position.getByTestId('position-hints')).toContainText('above 25–35°: the saddle may be low');
    await expect(position).toContainText('Elbow angle');

    // Screenshots for people to look at: 1280 and 390 px, Spanish and English.
    for (const language of ['es', 'en'] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByTestId('language-switcher').selectOption(language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'es' ? 'Ajuste de bicicleta' : 'Advanced Bike Fitting',
      );
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.goto('/fitting');
        await expect(page.getByTestId('position')).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        await steady(page);
        await page.screenshot({ path: join(SHOTS, `fitting-${width}-${language}.png`) });

        await page.getByTestId('photo-list').getByRole('button').first().click();
        await expect(page.getByTestId('photo-surface').locator('circle')).toHaveCount(6);
        await page.getByTestId('photos-card').scrollIntoViewIfNeeded();
        await page.getByTestId('photos-card').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await steady(page);
        await page.screenshot({ path: join(SHOTS, `fitting-photo-${width}-${language}.png`) });

        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByTestId('new-fitting').click();
        await page.getByRole('dialog').getByTestId('fit-measurement.inseam_cm').fill('85');
        await page.getByRole('dialog').getByTestId('tab-position').click();
        await page.getByRole('dialog').getByTestId('fit-position.saddle_height_mm').fill('745');
        await page.getByRole('dialog').getByTestId('fit-position.knee_angle_min_deg').fill('28');
        await page.getByRole('dialog').getByTestId('tab-analysis').click();
        await expect(page.getByRole('dialog').getByTestId('estimate-lemond')).toBeVisible();
        await steady(page);
        await page.screenshot({ path: join(SHOTS, `fitting-analysis-${width}-${language}.png`) });
        await page.keyboard.press('Escape');
      }
    }

    // Imperial: the same position in inches, the measurement in inches and pounds.
    const access = await token(page);
    const units = await page.request.put('/api/settings', {
      headers: { authorization: `Bearer ${access}` },
      data: { units: 'imperial' },
    });
    expect(units.ok(), await units.text()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/fitting');
    await expect(page.getByTestId('position').first()).toContainText('29.3 in');
    await expect(page.getByTestId('latest-measurement')).toContainText('33.9 in');
    await expect(page.getByTestId('latest-measurement')).toContainText('154.3 lb');
    await page.screenshot({ path: join(SHOTS, 'fitting-1280-en-imperial.png') });

    // Delete: the session goes, and the empty state comes back.
    await page.getByTestId('session').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByTestId('sessions-empty')).toBeVisible();
  });
});
