#!/usr/bin/env node
// Runs the TypeScript entry point through tsx (Node 20 cannot strip types by itself), in this same
// process: `vatio worker` killed by a supervisor (SIGKILL included) leaves no child running on.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
