import { expect, test } from '../fixtures.ts';

// Every spec runs under the server's real policy and fails on a violation (fixtures.ts). This one
// shows the policy is on in the browser and that the guard sees what it refuses.
test('the policy refuses an injected inline script, and the guard reports it', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(cspViolations.map((v) => v.text).join('\n')).toMatch(/script-src/);
  // Expected here; every other test must end with none.
  cspViolations.length = 0;
});
