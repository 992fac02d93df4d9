#!/usr/bin/env node
// `npm run build`: the web app and the compiled server, whether stale or not. After it, a production
// install needs only `npm ci --omit=dev` and `npm start` (or `node packages/cli/bin/vatio.mjs serve`).
import { ensureServerBuild, ensureWebBuild } from './lib.mjs';

ensureWebBuild({ force: true });
await ensureServerBuild({ force: true });
