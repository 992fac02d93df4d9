// Entry of the fuzzer's judging thread: installs tsx's loader in this thread (threads do not inherit
// it), then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./judge-worker.ts');
