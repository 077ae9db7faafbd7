import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../shared/api/settings.js';
import type { PageDataSource } from '../shared/page-render.js';
import { applySiteSettings } from '../shared/site-settings.js';
import { createPageRenderer } from './entry-server.js';

// The admin's pages are drawn by the browser alone; their first HTML still carries the site's name in
// force as its title (issue 34: no text an owner changes stays in the build).

describe('the first HTML of a page the browser draws alone', () => {
  afterEach(() => applySiteSettings(defaultSiteSettings));

  it("is titled with the site's name in force, escaped, and carries the settings", async () => {
    const render = createPageRenderer(readFileSync(resolve('src/client/index.html'), 'utf8'));
    const renamed = { ...defaultSiteSettings, labels: { ...defaultSiteSettings.labels, records: { ...defaultSiteSettings.labels.records, name: 'Night & Day <Records>' } } };
    const noData = (() => Promise.reject(new Error('an admin page reads no data on the server'))) as unknown as PageDataSource;
    const page = await render({ url: 'https://records.example/admin/site', nonce: 'n0nce', themeMode: 'dark', settings: renamed }, noData);
    expect(page.kind).toBe('page');
    const html = page.kind === 'page' ? page.html : '';
    expect(html.match(/<title>.*?<\/title>/gs)).toEqual(['<title>Night &amp; Day &lt;Records&gt;</title>']);
    expect(html).toContain('<div id="root"></div><script type="application/json" id="site-settings">');
    expect(html).toContain('<script type="module" src="./boot.ts"></script>');
  });
});
