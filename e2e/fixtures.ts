import { test as base, expect } from '@playwright/test';

export { expect };

/** One Content-Security-Policy violation a page reported, with where it happened. */
interface Violation {
  page: string;
  text: string;
}

/**
 * Every spec imports `test` from here: it runs with the server's real Content-Security-Policy and
 * fails when any page of the test reports a violation, either as the browser's console message
 * ("Refused to … because it violates the following Content Security Policy directive") or as a
 * `securitypolicyviolation` event (which also catches reports the console would word differently).
 */
export const test = base.extend<{ cspViolations: Violation[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: Violation[] = [];
      await context.exposeBinding('__vatioCspViolation', ({ page }, text: string) => {
        violations.push({ page: page.url(), text });
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __vatioCspViolation?: (text: string) => void })
            .__vatioCspViolation;
          report?.(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      const watch = (page: import('@playwright/test').Page) =>
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) {
            violations.push({ page: page.url(), text: message.text() });
          }
        });
      for (const page of context.pages()) watch(page);
      context.on('page', watch);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
