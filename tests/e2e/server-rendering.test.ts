import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Release } from '../../src/shared/api/catalog.js';
import { e2eAdmin, importCatalog } from '../e2e-helpers/admin-session.js';
import { bareRequest, canonicalOf, documentOf, jsonLdOf, metaOf, scriptTagsOf, textOf, titleOf } from '../e2e-helpers/page-html.js';
import { useOwnSite, useSharedSite } from '../e2e-helpers/production-site.js';
import { releaseTitle } from '../../src/shared/domain/release-display.js';

// The first HTML of every public page, read as a crawler or a link preview reads it (plain HTTP).
// On the shared server: the releases with hostile titles it adds are on the records label and dated
// long ago, so that no other file counts them or sees them as a label's newest.
describe('server-rendered pages over plain HTTP', () => {
  const site = useSharedSite();
  const get = (path: string) => bareRequest(`${site.server.url}${path}`);

  async function api<T>(path: string): Promise<T> {
    return (await (await fetch(`${site.server.url}/api${path}`)).json()) as T;
  }
  const latestTechRelease = async () => (await api<{ data: Release[] }>('/releases?label=tech&limit=1&include_artists=true')).data[0]!;

  it('sizes its pictures: width and height, WebP copies in srcset, lazy below the fold, the main one preloaded; no font to wait for', async () => {
    const page = await get('/tech/releases');
    const doc = documentOf(page.body);
    const images = [...doc.querySelectorAll('main img')];
    expect(images.length).toBeGreaterThan(5);
    for (const image of images) {
      expect(image.getAttribute('width')).toBe('640');
      expect(image.getAttribute('height')).toBe('640');
      expect(image.getAttribute('srcset')).toMatch(/-160\.webp 160w, .+-320\.webp 320w, .+-640\.webp 640w$/);
      expect(image.getAttribute('sizes')).toBeTruthy();
    }
    // The latest release's artwork is the page's main picture: fetched at once, and preloaded before the page's body.
    const main = doc.querySelector('section[aria-labelledby="latest-release-heading"] img')!;
    expect([main.getAttribute('loading'), main.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    const preload = doc.querySelector('link[rel="preload"][as="image"]')!;
    expect(preload.getAttribute('imagesrcset')).toBe(main.getAttribute('srcset'));
    expect(preload.getAttribute('imagesizes')).toBe(main.getAttribute('sizes'));
    expect(preload.getAttribute('fetchpriority')).toBe('high');
    // The grid's cards wait until they are scrolled near.
    const others = images.filter((image) => image !== main);
    expect(others.every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);

    // Each copy is a WebP picture of its width.
    for (const candidate of main.getAttribute('srcset')!.split(', ')) {
      const [url, width] = candidate.split(' ');
      const copy = await fetch(`${site.server.url}${url}`);
      expect(copy.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(Number.parseInt(width!, 10));
    }
    // Text is drawn in the system's fonts: nothing to download before it shows.
    expect(page.body).not.toMatch(/@font-face|\.woff2?\b|fonts\.googleapis/);
  });

  it('leaves the app for after the page has loaded: the first HTML fetches its boot script, never the shell', async () => {
    // Decision 0023: boot.ts imports the app (the shell every page shares: React, the router, MUI) once
    // the page's text and pictures have loaded; a script or preload of the shell here would fetch it at
    // once, in competition with them (decision 0113).
    const doc = documentOf((await get('/tech')).body);
    const fetched = [...doc.querySelectorAll('script[src], link[rel="modulepreload"]')].map((tag) => tag.getAttribute('src') ?? tag.getAttribute('href') ?? '');
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.filter((path) => /\/shell-[\w-]+\.js$/.test(path))).toEqual([]);
    // The boot script it does fetch is what starts the app: it names the app's entry, which imports the shell.
    const boot = await (await fetch(`${site.server.url}${doc.querySelector('script[src]')!.getAttribute('src')}`)).text();
    const main = /assets\/(main-[\w-]+\.js)/.exec(boot)?.[1];
    expect(main).toBeDefined();
    expect(await (await fetch(`${site.server.url}/assets/${main}`)).text()).toMatch(/from"\.\/shell-[\w-]+\.js"/);
  });

  it('a release link: title, artwork and the MusicAlbum in the first HTML', async () => {
    const release = await latestTechRelease();
    const path = `/tech/releases/${release.slug}`;
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(titleOf(page.body)).toContain(release.title);
    expect(metaOf(page.body, 'og:title')).toContain(release.title);
    // More than one track is an album to a share preview (issue 24), whatever the release's type.
    expect(metaOf(page.body, 'og:type')).toBe(release.total_tracks > 1 ? 'music.album' : 'music.song');
    expect(metaOf(page.body, 'og:url')).toBe(`${site.server.url}${path}`);
    expect(canonicalOf(page.body)).toBe(`${site.server.url}${path}`);
    expect(metaOf(page.body, 'twitter:card')).toBe('summary_large_image');
    const image = metaOf(page.body, 'og:image')!;
    expect(image.startsWith(site.server.url)).toBe(true);
    expect(metaOf(page.body, 'twitter:image')).toBe(image);
    // A raster card of the size link previews show (never the SVG art: the big networks do not show SVG).
    const artwork = await fetch(image);
    expect(artwork.status).toBe(200);
    expect(artwork.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await artwork.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The releases page the modal opens over is there too.
    expect(textOf(page.body)).toContain('Build It Tech Releases');

    const [album] = jsonLdOf(page.body).filter((item) => item['@type'] === 'MusicAlbum');
    expect(album).toMatchObject({
      name: releaseTitle(release),
      url: `${site.server.url}${path}`,
      numTracks: release.total_tracks,
      recordLabel: { '@type': 'Organization', name: 'Build It Tech' },
      albumReleaseType: expect.stringMatching(/^https:\/\/schema\.org\/(AlbumRelease|SingleRelease)$/),
    });
    expect(album!.datePublished).toBe(release.release_date);
    expect((album!.byArtist as { name: string }[]).map((a) => a.name)).toEqual(
      release.type === 'compilation' ? ['Various Artists'] : release.artists!.filter((a) => a.role === 'primary').map((a) => a.name),
    );
    const tracks = album!.track as { name: string; duration: string }[];
    expect(tracks.length).toBeGreaterThan(0);
    for (const track of tracks) expect(track.duration).toMatch(/^PT\d+M\d+S$/);
  });

  it("a release link's first HTML holds the release's modal: title, artwork, artists and track list", async () => {
    const listed = await latestTechRelease();
    const { data: release } = await api<{ data: Release }>(`/releases/${listed.id}?include_tracks=true&include_artists=true`);
    const page = documentOf((await get(`/tech/releases/${release.slug}`)).body);
    const dialogs = page.querySelectorAll('[role="dialog"]');
    expect(dialogs).toHaveLength(1);
    const dialog = dialogs[0]!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(page.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(release.title);
    expect(dialog.querySelector(`img[alt="${release.title} cover art"]`)).not.toBeNull();
    const rows = [...dialog.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '');
    expect(release.tracks!.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(release.tracks!.length);
    release.tracks!.forEach((track, i) => expect(rows[i]).toContain(track.title));
    for (const artist of release.artists!) expect(dialog.textContent).toContain(artist.name);
    // Shown, not waiting for a script to fade it in.
    expect(dialog.closest('[style*="opacity: 0"], [style*="opacity:0"]')).toBeNull();
    // The list alone has no modal.
    expect(documentOf((await get('/tech/releases')).body).querySelector('[role="dialog"]')).toBeNull();
  });

  it('labels, releases, artists, an artist, playlists and the other pages have their content, title and structured data', async () => {
    const release = await latestTechRelease();
    const artist = (await api<{ data: { id: string; name: string }[] }>('/artists?label=tech&limit=1')).data[0]!;
    const playlist = (await api<{ data: { title: string }[] }>('/playlists?label=tech')).data[0]!;
    const pages: { path: string; text: string[]; title: string; ogType: string; ldType?: string; ldName?: string }[] = [
      { path: '/tech', text: ['Pushing Boundaries in Tech House', 'Latest Releases', release.title], title: 'Build It Tech', ogType: 'website', ldType: 'Organization', ldName: 'Build It Tech' },
      { path: '/tech/releases', text: ['Build It Tech Releases', release.title], title: 'Build It Tech Releases', ogType: 'website', ldType: 'Organization', ldName: 'Build It Tech' },
      { path: '/tech/artists', text: [artist.name], title: 'Build It Tech Artists', ogType: 'website', ldType: 'Organization', ldName: 'Build It Tech' },
      { path: `/tech/artists/${artist.id}`, text: [artist.name, 'Top Tracks'], title: artist.name, ogType: 'profile', ldType: 'MusicGroup', ldName: artist.name },
      { path: '/tech/playlists', text: [playlist.title], title: 'Build It Tech Playlists', ogType: 'website', ldType: 'MusicPlaylist', ldName: playlist.title },
      { path: '/tech/submit', text: ['Submit Demo to Build It Tech'], title: 'Submit a Demo', ogType: 'website' },
      { path: '/vip', text: ['VIP'], title: 'VIP', ogType: 'website' },
      { path: '/legal', text: ['Terms of Service'], title: 'Legal', ogType: 'website' },
      // The member page asks for the emailed sign-in in its first HTML: the server never sees the member's cookie.
      { path: '/vip/account', text: ['Your VIP account', 'Sign in with a link we email you', 'Email me a sign-in link'], title: 'VIP', ogType: 'website' },
      { path: '/login', text: ['Log In'], title: 'Log in', ogType: 'website' },
    ];
    for (const { path, text, title, ogType, ldType, ldName } of pages) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers['content-type'], path).toContain('text/html');
      for (const words of text) expect(textOf(page.body), `${path}: ${words}`).toContain(words);
      expect(titleOf(page.body), path).toContain(title);
      expect(metaOf(page.body, 'og:title'), path).toBe(titleOf(page.body));
      expect(metaOf(page.body, 'og:type'), path).toBe(ogType);
      expect(metaOf(page.body, 'description')?.length, path).toBeGreaterThan(0);
      if (ldType) expect(jsonLdOf(page.body).find((item) => item['@type'] === ldType)?.name, path).toBe(ldName);
    }
  });

  it('sends a Content-Security-Policy whose nonce is on every inline script, and no unsafe script sources', async () => {
    const release = await latestTechRelease();
    const nonces = new Set<string>();
    const paths = ['/tech', `/tech/releases/${release.slug}`, '/vip', '/no-such-page'];
    for (const path of paths) {
      const page = await get(path);
      const policy = String(page.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(scriptSrc, path).not.toMatch(/unsafe-inline|unsafe-eval/);
      for (const directive of ["frame-ancestors 'none'", 'frame-src https://open.spotify.com', "object-src 'none'", "base-uri 'self'"]) {
        expect(policy, path).toContain(directive);
      }
      const inline = scriptTagsOf(page.body).filter((tag) => !/\bsrc=/.test(tag) && !/type="application\/(ld\+)?json"/.test(tag));
      expect(inline.length, path).toBeGreaterThan(0);
      for (const tag of inline) expect(tag, path).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    // Each rendered page its own nonce (a page kept until the catalog changes keeps its own: page-cache.test.ts).
    expect(nonces.size).toBe(paths.length);
  });

  it('answers honestly: / redirects for a bare client, HEAD works, unknown pages, releases and artists are 404 pages', async () => {
    const root = await get('/');
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe('/records');

    const head = await bareRequest(`${site.server.url}/tech`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.body).toBe('');

    for (const path of ['/no-such-page', '/tech/releases/00000000-0000-4000-8000-000000000000', '/tech/releases/not-an-id', '/tech/artists/nobody-at-all', '/nolabel/releases']) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.headers['content-type'], path).toContain('text/html');
      expect(textOf(page.body), path).toContain('Page Not Found');
      expect(metaOf(page.body, 'robots'), path).toBe('noindex');
    }
  });

  it('a hostile release title stays text in the title, the metadata, the JSON-LD and the page', async () => {
    const hostile = '</script><script>alert(1)</script>';
    const login = await fetch(`${site.server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(e2eAdmin),
    });
    const { token } = (await login.json()) as { token: string };
    const csv = [
      '"Label Name","Catalog #",UPC,"Release Name","Release Version","Release Artist","Release Date","Release Genre","Release Subgenre",Track,ISRC,"Song Name","Mix Version","Primary Artists","Featuring Artists",Remixers,"Track Length","Song Genre","Song Subgenre"',
      `"Build It Records",BIT999,190000000999,"${hostile}",,"Hostile Artist",2001-11-01,Electronic,Techno,1,QZZ8B9999991,"${hostile}","Original Mix","Hostile Artist",,,04:00,Electronic,Techno`,
    ].join('\n');
    await importCatalog(site.server, token, csv, 'hostile.csv');

    const release = (await api<{ data: Release[] }>(`/releases?label=records&q=${encodeURIComponent('alert(1)')}`)).data[0]!;
    expect(release.title).toBe(hostile);
    const page = await get(`/records/releases/${release.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(titleOf(page.body)).toContain(hostile);
    expect(metaOf(page.body, 'og:title')).toContain(hostile);
    const album = jsonLdOf(page.body).find((item) => item['@type'] === 'MusicAlbum');
    expect(album?.name).toBe(hostile);
    // Every script in the page is one the server wrote: nothing the title opened.
    expect(scriptTagsOf(page.body).every((tag) => /\bsrc=|nonce=|type="application\/(ld\+)?json"/.test(tag))).toBe(true);
  });
  it('catalog text and the Host header stay data: replacement patterns, </script>, <!-- and U+2028 change no structure of the page', async () => {
    // Every pattern String.replace expands in a replacement string, and what ends a script, opens a comment or ends a line in JS.
    const hostile = "$& $` $' $$ $1 $<x> </script><!-- \u2028 end";
    const artist = `Artist ${hostile}`;
    const login = await fetch(`${site.server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(e2eAdmin),
    });
    const { token } = (await login.json()) as { token: string };
    const csv = [
      '"Label Name","Catalog #",UPC,"Release Name","Release Version","Release Artist","Release Date","Release Genre","Release Subgenre",Track,ISRC,"Song Name","Mix Version","Primary Artists","Featuring Artists",Remixers,"Track Length","Song Genre","Song Subgenre"',
      `"Build It Records",BIT998,190000000998,"${hostile}","${hostile}","${artist}",2001-11-02,Electronic,Techno,1,QZZ8B9999981,"${hostile}","${hostile}","${artist}",,,04:00,Electronic,Techno`,
    ].join('\n');
    const form = new FormData();
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'patterns.csv');
    const started = await fetch(`${site.server.url}/api/admin/import-catalog`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(started.status).toBe(202);
    const { job } = (await started.json()) as { job: { id: string } };
    await expect
      .poll(async () => {
        const res = await fetch(`${site.server.url}/api/admin/import-jobs/${job.id}`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await res.json()) as { data: { status: string } }).data.status;
      }, { timeout: 30_000 })
      .toBe('succeeded');
    // Found by a part of its title no other release on the shared server holds: its date puts it last.
    const release = (await api<{ data: Release[] }>(`/releases?label=records&q=${encodeURIComponent('$<x> </script><!--')}&include_artists=true`)).data.find((r) => r.upc === '190000000998')!;
    expect(release.title).toBe(hostile);

    /** The page as a browser parses it: one head holding every meta tag, the title as the server meant it. */
    const expectIntact = (body: string, origin: string, path: string) => {
      expect(body.match(/<head>/g)).toHaveLength(1);
      expect(body.match(/<\/head>/g)).toHaveLength(1);
      const head = body.slice(0, body.indexOf('</head>'));
      expect(body.match(/<meta /g)?.length).toBe(head.match(/<meta /g)?.length);
      const doc = documentOf(body);
      expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}${path}`);
      expect(doc.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
      expect(doc.body.querySelectorAll('meta')).toHaveLength(0);
      return doc;
    };
    const path = `/records/releases/${release.slug}`;
    const page = await get(path);
    expect(page.status).toBe(200);
    const doc = expectIntact(page.body, site.server.url, path);
    // The artist's name is split where it names several (`&`): the title names them as the release does.
    expect(doc.title.startsWith(`${hostile} by Artist $`)).toBe(true);
    expect(doc.title.endsWith(' | Build It Records')).toBe(true);
    expect(metaOf(page.body, 'og:title')).toBe(doc.title);
    expect(jsonLdOf(page.body).find((item) => item['@type'] === 'MusicAlbum')?.name).toBe(hostile);
    expect(doc.querySelector('[role="dialog"]')?.textContent).toContain(hostile);
    expect(scriptTagsOf(page.body).every((tag) => /\bsrc=|nonce=|type="application\/(ld\+)?json"/.test(tag))).toBe(true);

    // Without PUBLIC_URL the links name the request's Host: as data too. A Host that makes no URL is refused.
    const port = new URL(site.server.url).port;
    const host = `evil$\`$'$&$$$1.example:${port}`;
    const forged = await bareRequest(`${site.server.url}${path}`, 'GET', { Host: host });
    expect(forged.status).toBe(200);
    expect(expectIntact(forged.body, `http://${host}`, path).title).toBe(doc.title);
    for (const bad of ['a$<x>.example', 'a</script>.example', 'a<!--.example', 'a\u00e2\u0080\u00a8.example']) {
      const refused = await bareRequest(`${site.server.url}/tech`, 'GET', { Host: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.headers['content-type'], bad).toContain('application/json');
    }
  });
});

// A server of its own, with PUBLIC_URL: the origin of every link the site gives out.
describe('server-rendered pages and sitemaps with PUBLIC_URL', () => {
  const publicUrl = 'https://records.example';
  const site = useOwnSite({ PUBLIC_URL: publicUrl });
  /** What a request can claim to be for: fastify reads the Host (and behind TRUST_PROXY, X-Forwarded-Host). */
  const forged = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' };

  it('names the public origin in canonical, OpenGraph, JSON-LD, the sitemap and robots.txt, whatever Host a request forged', async () => {
    const release = ((await (await fetch(`${site.server.url}/api/releases?label=tech&limit=1`)).json()) as { data: Release[] }).data[0]!;
    const path = `/tech/releases/${release.slug}`;
    const page = await bareRequest(`${site.server.url}${path}`, 'GET', forged);
    expect(page.status).toBe(200);
    expect(canonicalOf(page.body)).toBe(`${publicUrl}${path}`);
    expect(metaOf(page.body, 'og:url')).toBe(`${publicUrl}${path}`);
    expect(metaOf(page.body, 'og:image')).toMatch(new RegExp(`^${publicUrl}/media/`));
    expect(jsonLdOf(page.body).find((item) => item['@type'] === 'MusicAlbum')?.url).toBe(`${publicUrl}${path}`);
    expect(page.body).not.toContain('evil.example');

    const robots = await bareRequest(`${site.server.url}/robots.txt`, 'GET', forged);
    expect(robots.body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    const sitemap = await bareRequest(`${site.server.url}/sitemap.xml`, 'GET', forged);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain(`${publicUrl}${path}`);
    expect(locs.every((loc) => loc.startsWith(`${publicUrl}/`))).toBe(true);
  });
});
