import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBackups } from '../../../../shared/api/admin-backups.js';
import { failure, json, renderAdmin, serveAdminApi, storeToken, verified, type Answer } from '../../../../../tests/helpers/admin-routes.js';

afterEach(() => vi.unstubAllGlobals());

const lastBackup = { at: '2026-11-26T03:00:12.000Z', trigger: 'schedule', fileName: 'backup-2026-11-26T03-00-00-000Z.tar', sizeBytes: 6_845_440 } as const;

async function openBackups(answer: Answer) {
  serveAdminApi({
    'GET /api/admin/verify-admin-token': verified,
    'GET /api/admin/account/email': json({ success: true, data: { email: null, digest_labels: [] } }),
    'GET /api/admin/backups': answer,
    'GET /api/admin/payments': json({ success: true, data: { connected: false, webhook: { source: 'none', url: null, events: [] } } }),
  });
  storeToken('jwt-good');
  renderAdmin('/admin/settings');
  return screen.findByRole('region', { name: 'Backups' });
}

const backups = (data: Partial<AdminBackups>) => json({ success: true, data: { last: null, failed: null, everyHours: 24, keep: 7, ...data } });

describe('Settings → Backups', () => {
  it("shows the last backup's time, size and file, and the schedule", async () => {
    const section = await openBackups(backups({ last: lastBackup }));
    expect((await within(section).findByText(/^Last backup:/)).textContent).toBe(
      'Last backup: 26 Nov 2026, 03:00 UTC, 6.8 MB (scheduled), backup-2026-11-26T03-00-00-000Z.tar',
    );
    expect(within(section).getByText('The server makes one every day and keeps the last 7.')).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('shows a failed backup newer than the last one, with its reason', async () => {
    const failed = { at: '2026-11-26T04:00:00.000Z', trigger: 'command', error: 'pg_dump failed: server version mismatch' } as const;
    const section = await openBackups(backups({ last: lastBackup, failed, everyHours: 12, keep: 30 }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The npm run backup backup of 26 Nov 2026, 04:00 UTC failed: pg_dump failed: server version mismatch',
    );
    expect(within(section).getByText('The server makes one every 12 hours and keeps the last 30.')).toBeTruthy();
  });

  it('says when there has been no backup, and when the server makes none on its own', async () => {
    const section = await openBackups(backups({ everyHours: null }));
    expect(await within(section).findByText('No backup has been made yet.')).toBeTruthy();
    expect(within(section).getByText(/makes no backups on its own \(BACKUP_SCHEDULE=off\)/)).toBeTruthy();
  });

  it('says when the status cannot be loaded', async () => {
    const section = await openBackups(failure(500, 'Something went wrong'));
    expect((await within(section).findByRole('alert')).textContent).toContain('Something went wrong');
  });
});
