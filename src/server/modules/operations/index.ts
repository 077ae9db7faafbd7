// The operations context's public entry: backups and restores (docs/decisions/0073) — the admin route
// that shows them, and what start-server.ts starts: the schedule and the local command socket. Imports staff.
export { adminBackupsRoutes } from './operations.routes.js';
export { scheduleBackups } from './backup-schedule.js';
export { listenForCommands } from './command-socket.js';
export type { BackupSource } from './backup.js';
export type { BackupScheduleInfo } from './operations.service.js';
export type { OperationsDeps } from './operations.deps.js';
