import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { shareCardUrl } from '../../../shared/generated-images.js';
import { defaultLabel, findLabel } from '../../../shared/labels.js';
import type { LabelConfig } from '../../../shared/site-config.js';
import { siteName } from '../../../shared/site-settings.js';
import { artistListQuery, artistQuery, playlistsQuery, releaseQuery } from '../../features/catalog/api/catalog-api.js';
import { artistNames, releaseYear } from '../../features/catalog/components/release-card.js';
import { releaseDay, releaseTitle, trackCount } from '../../../shared/domain/release-display.js';
import { isNotFoundError } from '../../lib/api-client.js';
import { labelFromParam, labelPath } from '../../lib/current-label.js';
import { labelOrganization, musicAlbum, musicGroup, musicPlaylists } from './json-ld.js';

/** What the first HTML of a page says about it: <title>, description, canonical URL, OpenGraph, Twitter, JSON-LD. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  /** Absolute URL of the picture a link preview shows. */
  image?: string;
  ogType: 'website' | 'music.album' | 'music.song' | 'profile';
  jsonLd?: object | object[];
  /** Unknown pages are not indexed. */
  noIndex?: boolean;
}

export interface PageMetaInput {
  /** The matched routes' ids (router.tsx), outermost first. */
  routeIds: string[];
  params: Params;
  queryClient: QueryClient;
  origin: string;
  status: number;
}

const pagesWithMeta = new Set(['landing', 'releases', 'release', 'artists', 'artist', 'playlists', 'submit', 'vip', 'vip-welcome', 'vip-account', 'vip-sign-in', 'legal', 'login', 'demo-status', 'unsubscribe', 'notify', 'vip-waiting-list', 'order', 'redeem', 'not-found']);

function clip(text: string, length = 200): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

function labelPage(label: LabelConfig, title: string, path: string, url: (path: string) => string): PageMeta {
  const site = siteName();
  return { title: `${title} | ${site}`, description: label.description, url: url(path), ogType: 'website', jsonLd: labelOrganization(label, url) };
}

/** The metadata of a server-rendered page, from the data its loaders put in the query cache. */
export function pageMeta({ routeIds, params, queryClient, origin, status }: PageMetaInput): PageMeta {
  const site = siteName();
  // The deepest route that names its page (a releases page's index child does not).
  const routeId = routeIds.findLast((id) => pagesWithMeta.has(id));
  const url = (path: string) => new URL(path, origin).href;
  const label = labelFromParam(params.label) ?? defaultLabel;
  const fallback: PageMeta = { title: site, description: defaultLabel.description, url: url('/'), ogType: 'website' };
  const notFound: PageMeta = { ...fallback, title: `Page Not Found | ${site}`, noIndex: true };
  if (status === 404) return notFound;
  // In the browser a page's 404 comes as its query's error (the server's loader makes it the status).
  const missing = (queryKey: readonly unknown[]) => (isNotFoundError(queryClient.getQueryState(queryKey)?.error) ? notFound : fallback);
  switch (routeId) {
    case 'landing':
      return { ...labelPage(label, label.id === defaultLabel.id ? label.tagline : label.name, labelPath(label), url), title: `${label.name} | ${label.tagline}` };
    case 'releases':
      return labelPage(label, `${label.name} Releases`, labelPath(label, 'releases'), url);
    case 'artists': {
      const artists = queryClient.getQueryData(artistListQuery({ label: label.id }).queryKey)?.pages[0]?.data ?? [];
      const names = artists.slice(0, 8).map((artist) => artist.name).join(', ');
      return { ...labelPage(label, `${label.name} Artists`, labelPath(label, 'artists'), url), description: clip(names ? `${names} and more on ${label.name}.` : label.description) };
    }
    case 'playlists': {
      const playlists = queryClient.getQueryData(playlistsQuery(label.id).queryKey)?.data ?? [];
      const pageUrl = url(labelPath(label, 'playlists'));
      return { title: `${label.name} Playlists | ${site}`, description: label.playlistsSubtitle, url: pageUrl, ogType: 'website', jsonLd: musicPlaylists(playlists, url, pageUrl) };
    }
    case 'release': {
      const { queryKey } = releaseQuery(params.releaseId ?? '');
      const release = queryClient.getQueryData(queryKey)?.data;
      if (!release) return missing(queryKey);
      const by = artistNames(release);
      const year = releaseYear(release);
      const named = `${releaseTitle(release)}${by ? ` by ${by}` : ''}`;
      const when = release.upcoming && release.release_date ? `out ${releaseDay(release.release_date)} on ${label.name}` : year && `released ${year} on ${label.name}`;
      const pageUrl = url(`${labelPath(label, 'releases')}/${release.slug}`);
      return {
        title: `${named} | ${label.name}`,
        description: clip([named, when, trackCount(release.total_tracks)].filter(Boolean).join(', ') + '.'),
        url: pageUrl,
        image: url(shareCardUrl({ kind: 'releases', id: release.id, pictureUrl: release.artwork_url, title: release.title, subtitle: by, label: findLabel(release.label_id) ?? label })),
        // A record of several tracks is an album to a share preview, whatever the label calls it (an EP, a single with remixes).
        ogType: release.total_tracks > 1 ? 'music.album' : 'music.song',
        jsonLd: musicAlbum(release, url, pageUrl),
      };
    }
    case 'artist': {
      const { queryKey } = artistQuery(params.id ?? '');
      const artist = queryClient.getQueryData(queryKey)?.data;
      if (!artist) return missing(queryKey);
      const pageUrl = url(`${labelPath(label, 'artists')}/${artist.id}`);
      return {
        title: `${artist.name} | ${label.name}`,
        description: clip(artist.bio ?? `${artist.name} on ${label.name}${artist.genres.length ? `: ${artist.genres.join(', ')}` : ''}.`),
        url: pageUrl,
        image: url(shareCardUrl({ kind: 'artists', id: artist.id, pictureUrl: artist.image_url, title: artist.name, label: defaultLabel })),
        ogType: 'profile',
        jsonLd: musicGroup(artist, url, pageUrl),
      };
    }
    case 'submit':
      return { ...fallback, title: `Submit a Demo | ${label.name}`, description: `Send your demo to ${label.name}.`, url: url(labelPath(label, 'submit')) };
    case 'vip':
      return { ...fallback, title: `VIP | ${site}`, description: `Join the ${site} VIP membership.`, url: url('/vip') };
    case 'vip-welcome':
      return { ...fallback, title: `Welcome to VIP | ${site}`, url: url('/vip'), noIndex: true };
    case 'vip-account':
      return { ...fallback, title: `Your VIP account | ${site}`, description: `Your ${site} VIP plan, invoices and billing.`, url: url('/vip/account'), noIndex: true };
    case 'vip-sign-in':
      return { ...fallback, title: `Sign in to VIP | ${site}`, url: url('/vip/account'), noIndex: true };
    case 'legal':
      return { ...fallback, title: `Legal | ${site}`, description: 'What we store about you and why.', url: url('/legal') };
    case 'login':
      return { ...fallback, title: `Log in | ${site}`, url: url('/login'), noIndex: true };
    case 'demo-status':
      return { ...fallback, title: `Your demo | ${site}`, description: 'The status of your demo.', url: url('/'), noIndex: true };
    case 'unsubscribe':
      return { ...fallback, title: `Unsubscribe | ${site}`, url: url('/'), noIndex: true };
    case 'notify':
      return { ...fallback, title: `Notify me | ${site}`, url: url('/'), noIndex: true };
    case 'vip-waiting-list':
      return { ...fallback, title: `VIP waiting list | ${site}`, url: url('/vip'), noIndex: true };
    case 'order':
      return { ...fallback, title: `Your order | ${site}`, description: 'Your order and its downloads.', url: url('/'), noIndex: true };
    case 'redeem':
      return { ...fallback, title: `Redeem a download code | ${site}`, description: 'A download code and your email give you the music.', url: url('/redeem'), noIndex: true };
    case 'not-found':
      return notFound;
    default:
      return fallback;
  }
}
