// Entry of the example rider's process when running from the sources: installs tsx's loader, then
// loads the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./example-process.ts');
