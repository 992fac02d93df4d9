// Screenshots for a person to look at: node scripts/shoot.mjs <baseUrl> <outDir> <path> [path...]
// Each path is shot at 1280 and 390 px wide, in Spanish and English, full page.
// SHOOT_FULL_PAGE=0 keeps to the first screen (for the README).
// Signed-in screens: SHOOT_REFRESH_TOKEN=<a refresh token> (from POST /api/auth/verify without the
// X-Vatio-Session header) is set as the session cookie, so the app signs itself in on load as a
// reloaded page does. Refresh rotates it, so each context hands the rotated cookie to the next.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { rotatedRefreshToken, signInFromCookie } from './cookie-session.mjs';

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error('usage: node scripts/shoot.mjs <baseUrl> <outDir> <path> [path...]');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
let refreshToken = process.env.SHOOT_REFRESH_TOKEN;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const language of ['es', 'en']) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 844 } });
      await context.addInitScript((lang) => localStorage.setItem('vatio.language', lang), language);
      if (refreshToken) await signInFromCookie(context, baseUrl, refreshToken);
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        const name = `${path.replace(/^\//, '').replace(/[/?=&]+/g, '_') || 'landing'}-${width}-${language}.png`;
        // SHOOT_ELEMENT=<css selector>: only that element (a section of a long page, readable at full size).
        const element = process.env.SHOOT_ELEMENT;
        if (element)
          await page
            .locator(element)
            .first()
            .screenshot({ path: join(outDir, name) });
        else
          await page.screenshot({ path: join(outDir, name), fullPage: process.env.SHOOT_FULL_PAGE !== '0' });
        console.log(join(outDir, name));
      }
      refreshToken = await rotatedRefreshToken(context, refreshToken);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
