// Entry of an unzip thread: plain JavaScript that installs tsx's loader in this thread (threads do not
// inherit it), then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./zip-worker.ts');
