import type { Page } from '@playwright/test';

/**
 * Waits until the page stands still, for a screenshot or a read of what is drawn: web fonts loaded,
 * every finite CSS transition and animation finished (tabs, dialogs, cards fading in), and the
 * page unmoved for two animation frames after that (a chart drawn on a canvas in a frame callback, a
 * smooth scroll ended). The condition itself instead of a fixed sleep (issue 27: 19 `waitForTimeout`s): on a quiet
 * machine it returns in a few frames, on a loaded one it waits as long as the page needs. Endless
 * animations (a spinner's spin, a pulsing dot) never finish and are left out; waiting for spinners to
 * go is the caller's (they say what they wait for).
 */
export async function steady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Each round waits for the animations running now; one finishing can start another (a dialog's
    // overlay, then its panel), so look again, a bounded number of times.
    for (let round = 0; round < 5; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) break;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    // A smooth scroll (a screen's own scrollIntoView) is no animation object: wait until the page has
    // not moved for two frames (at most ~2 s of frames).
    let still = 0;
    for (let k = 0, y = window.scrollY; k < 120 && still < 2; k++) {
      await frame();
      still = window.scrollY === y ? still + 1 : 0;
      y = window.scrollY;
    }
  });
}
