import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { publicSiteSettings, type SettingsLabelId, type SiteSettingsPatch, type settingsChangesResponseSchema, type siteSettingsResponseSchema } from '../../../../shared/api/settings.js';
import { applySiteSettings } from '../../../../shared/site-settings.js';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

type SettingsAnswer = Answer<typeof siteSettingsResponseSchema>;

/** `GET /api/admin/settings`: everything the owner sets about the site. */
export function siteSettingsQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'site-settings'],
    queryFn: ({ signal }) => withAdminSession(apiGet<SettingsAnswer>('/admin/settings', undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `GET /api/admin/settings/changes`: the log of changes, newest first. */
export function settingsChangesQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'site-settings', 'changes'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof settingsChangesResponseSchema>>('/admin/settings/changes', undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `PATCH /api/admin/settings` with one form's part. */
export function patchSiteSettings(token: string, patch: SiteSettingsPatch) {
  return withAdminSession(apiSend<SettingsAnswer>('PATCH', '/admin/settings', patch, { token }));
}

/** `POST /api/admin/settings/changes/{id}/revert`: the settings as they were before that change. */
export function revertSettingsChange(token: string, id: number) {
  return withAdminSession(apiSend<SettingsAnswer>('POST', `/admin/settings/changes/${id}/revert`, undefined, { token }));
}

function imageForm(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** `POST /api/admin/settings/labels/{label}/logo`: the label's logo, through the media store. */
export function uploadLabelLogo(token: string, label: SettingsLabelId, file: File) {
  return withAdminSession(apiSend<SettingsAnswer>('POST', `/admin/settings/labels/${label}/logo`, imageForm(file), { token }));
}

/** `POST /api/admin/settings/icon`: the site's icon image. */
export function uploadSiteIcon(token: string, file: File) {
  return withAdminSession(apiSend<SettingsAnswer>('POST', '/admin/settings/icon', imageForm(file), { token }));
}

/**
 * A saved change: the settings the server answered replace the cached ones and the ones this browser
 * draws the public pages with ("View site" shows them at once), and the log is read again.
 */
export function storeSavedSettings(queryClient: QueryClient, token: string, answer: SettingsAnswer) {
  queryClient.setQueryData(siteSettingsQuery(token).queryKey, answer);
  applySiteSettings(publicSiteSettings(answer.data));
  void queryClient.invalidateQueries({ queryKey: settingsChangesQuery(token).queryKey, exact: true });
}
