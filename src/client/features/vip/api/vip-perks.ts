import type { vipDownloadLinkResponseSchema } from '../../../../shared/api/vip-account.js';
import type { DownloadFormat } from '../../../../shared/download-formats.js';
import type { earlyAccessResponseSchema, memberDownloadsResponseSchema } from '../../../../shared/api/vip-perks.js';
import { apiGet, apiPost, type Answer } from '../../../lib/api-client.js';

// What a member's plan gives, on their page and beside the catalog's tracks (docs/decisions/0064, 0066).

/** One page of each list: more than a label marks in years; the page says when there are more. */
export const perksPageSize = 100;

export const memberDownloadsQuery = {
  queryKey: ['vip', 'downloads'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<Answer<typeof memberDownloadsResponseSchema>>('/vip/downloads', { limit: perksPageSize }, signal),
};

export const earlyAccessQuery = {
  queryKey: ['vip', 'early-access'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<Answer<typeof earlyAccessResponseSchema>>('/vip/early-access', { limit: perksPageSize }, signal),
};

/** The signed link (10 minutes, this member's) of a member download: in `format`, or the master as uploaded without one. */
export const askDownloadLink = (trackId: string, format?: DownloadFormat) =>
  apiPost<Answer<typeof vipDownloadLinkResponseSchema>>(`/vip/downloads/${encodeURIComponent(trackId)}${format ? `?format=${format}` : ''}`, undefined);

/** Follows a download link: the browser saves the attachment and stays on the page. */
export async function downloadTrack({ trackId, format }: { trackId: string; format?: DownloadFormat }): Promise<void> {
  const link = await askDownloadLink(trackId, format);
  window.location.assign(link.data.url);
}
