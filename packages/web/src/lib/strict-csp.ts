// The server's Content-Security-Policy allows no eval (script-src 'self'). Zod 4 compiles object
// parsers with `new Function` when it may, and its probe for that is reported by the browser as a
// CSP violation even though Zod catches the refusal. Jitless: Zod never probes, it interprets.
// Imported first in main.tsx, before any form or API answer is parsed.
//
// Without importing Zod: `config` from 'zod/v4/core' put 3.9 KB gzip of Zod into the landing page's
// entry (issue 27, over its JavaScript budget). Zod keeps its configuration on this global, adopting an
// object that exists when it loads (zod/v4/core/core.js), so setting it here reaches every Zod loaded
// later, in whichever chunk; strict-csp.test.ts checks both orders.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
