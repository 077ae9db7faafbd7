import type { SiteSettings } from './api/settings.js';
import type { ApiReader } from './page-queries.js';

// The contract between the server and the server entry of the web app (src/client/entry-server.tsx,
// built by Vite into dist/ssr): the server hands it a request and a way to read page data, and
// gets back a finished HTML answer or a redirect. Neither side imports the other.

export type ThemeMode = 'dark' | 'light';

/**
 * How a page reads its data on the server: the reads of the page query table (page-queries.ts),
 * answered as the API would answer them, without HTTP.
 */
export type PageDataSource = ApiReader;

export interface PageRequest {
  /** Absolute URL of the page: origin (for canonical and OpenGraph URLs), path and query. */
  url: string;
  /** This answer's Content-Security-Policy nonce, written on every inline script. */
  nonce: string;
  /** The visitor's theme (cookie `theme`), so the first paint is in it. */
  themeMode: ThemeMode;
  /** The public site settings in force (docs/decisions/0097): the page is drawn with them and carries them to the browser. */
  settings: SiteSettings;
}

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string };

export type RenderPage = (request: PageRequest, data: PageDataSource) => Promise<RenderedPage>;

/** What the server entry exports: given the built index.html, a function that renders any page path. */
export type CreatePageRenderer = (template: string) => RenderPage;

/** The server entry's exports. */
export interface ServerEntry {
  createPageRenderer: CreatePageRenderer;
  /** The query parameters any page reads while rendering: the server leaves every other one out of a render and of the page cache's key. */
  pageSearchParams: readonly string[];
}

/** The id of the first HTML's script that holds the public site settings (read by main.tsx before the first render). */
export const siteSettingsElementId = 'site-settings';

/** The theme cookie: written by the browser's toggle, read by the server before rendering. */
export const themeCookieName = 'theme';

export function parseThemeMode(value: string | undefined): ThemeMode {
  return value === 'light' ? 'light' : 'dark';
}
