// Entry of the migration process when running from the sources: installs tsx's loader, then loads
// the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./migrate-process.ts');
