// Only zod's core configuration: the landing page ships no schema code.
import { config } from 'zod/v4/core';

// The server's Content-Security-Policy allows no eval (script-src 'self'). Zod 4 compiles object
// parsers with `new Function` when it may, and its probe for that is reported by the browser as a
// CSP violation even though Zod catches the refusal. Jitless: Zod never probes, it interprets.
// Imported first in main.tsx, before any form or API answer is parsed.
config({ jitless: true });
