export { buildApp } from './app.ts';
export { loadConfig, type Config } from './config.ts';
export { migrateToLatest, openDatabase, pgliteDirFor } from './db/database.ts';
export { startServer } from './main.ts';
export { startWorkerProcess } from './worker.ts';
export { createDemoRider } from './demo-rider.ts';
export { runStravaCommand } from './modules/strava/push-subscription.ts';
export { runBackupCommand, runRestoreCommand } from './backup/backup-command.ts';
export { BackupError } from './backup/backup-archive.ts';
