import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artist, RankedRelease, Release } from '../../src/shared/api/catalog.js';
import { popularityScore } from '../../src/shared/domain/popularity.js';
import { queryRows } from '../../src/server/db/client.js';
import { importCatalog } from '../../src/server/modules/catalog-import/importer/catalog-importer.js';
import { keepStaleScores } from '../../src/server/modules/catalog/releases.service.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { readFixtureCsv, testNow, type PagedList } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// The database keeps each release's track count, each label's totals per type and each release's
// popularity score (docs/decisions/0033): whatever writes the catalog, what a client reads must equal
// what counting and scoring every release would give.
describe.each(testDatabaseKinds)('kept counts and scores on $name', (kind) => {
  let t: AdminTestApp;
  let now = testNow;

  beforeAll(async () => {
    // The score keeper runs when the app starts, and then not again during the file (reads never depend on it).
    t = await createAdminTestApp(kind, { from: 'distributor-catalog', deps: { scoreKeeping: { intervalMs: 3_600_000 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function get<T>(url: string): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  }
  async function admin(method: 'PATCH' | 'DELETE', url: string, payload?: object) {
    const res = await t.app.inject({ method, url, payload, headers: t.auth });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  /** Every release of a label (or of the catalog), read page by page. */
  async function allReleases(label?: string): Promise<Release[]> {
    const releases: Release[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await get<PagedList<Release>>(`/api/releases?limit=100&offset=${offset}${label ? `&label=${label}` : ''}`);
      releases.push(...page.data);
      if (page.data.length < 100) return releases;
    }
  }

  async function expectCountsTrue() {
    const counted = await queryRows<{ label_id: string; type: string; n: number }>(
      t.database.db,
      sql`select label_id, type, count(*)::int as n from releases where status <> 'draft' group by label_id, type`,
    );
    const totalOf = (label?: string, type?: string) =>
      counted.filter((c) => (!label || c.label_id === label) && (!type || c.type === type)).reduce((n, c) => n + c.n, 0);
    expect((await get<PagedList<Release>>('/api/releases?limit=1')).total).toBe(totalOf());
    for (const label of ['buildit-records', 'buildit-tech', 'buildit-deep']) {
      expect((await get<PagedList<Release>>(`/api/releases?limit=1&label=${label}`)).total).toBe(totalOf(label));
      for (const type of ['album', 'ep', 'single', 'compilation']) {
        expect((await get<PagedList<Release>>(`/api/releases?limit=1&label=${label}&type=${type}`)).total, `${label} ${type}`).toBe(
          totalOf(label, type),
        );
      }
    }
    const listed = await queryRows<{ label_id: string | null; n: number }>(
      t.database.db,
      sql`select c.label_id, count(distinct a.id)::int as n
            from artists a join (
              select ra.artist_id, r.label_id from release_artists ra join releases r on r.id = ra.release_id and r.status <> 'draft'
              union all
              select ta.artist_id, r.label_id from track_artists ta join tracks tr on tr.id = ta.track_id join releases r on r.id = tr.release_id and r.status <> 'draft') c
              on c.artist_id = a.id
           where not a.looks_like_sample_pack and a.name <> ''
           group by grouping sets ((c.label_id), ())`,
    );
    const listedOn = (label: string | null) => listed.find((l) => l.label_id === label)?.n ?? 0;
    expect((await get<PagedList<Artist>>('/api/artists?limit=1')).total).toBe(listedOn(null));
    for (const label of ['buildit-records', 'buildit-tech', 'buildit-deep']) {
      expect((await get<PagedList<Artist>>(`/api/artists?limit=1&label=${label}`)).total, label).toBe(listedOn(label));
    }
    // Each listed artist's labels: those of the releases it is credited on, itself or on a track.
    const credited = await queryRows<{ artist_id: string; labels: string[] }>(
      t.database.db,
      sql`select c.artist_id, array_agg(distinct c.label_id order by c.label_id) as labels from (
            select ra.artist_id, r.label_id from release_artists ra join releases r on r.id = ra.release_id and r.status <> 'draft'
            union all
            select ta.artist_id, r.label_id from track_artists ta join tracks tr on tr.id = ta.track_id join releases r on r.id = tr.release_id and r.status <> 'draft') c
           group by c.artist_id`,
    );
    const labelsOf = new Map(credited.map((c) => [c.artist_id, c.labels]));
    for (let offset = 0; ; offset += 100) {
      const page = await get<PagedList<Artist>>(`/api/artists?limit=100&offset=${offset}`);
      for (const artist of page.data) expect(artist.labels, artist.name).toEqual(labelsOf.get(artist.id));
      if (page.data.length < 100) break;
    }
    const tracks = new Map(
      (await queryRows<{ id: string; n: number }>(t.database.db, sql`select r.id, count(t.id)::int as n from releases r left join tracks t on t.release_id = r.id where r.status <> 'draft' group by r.id`)).map(
        (r) => [r.id, r.n],
      ),
    );
    const releases = await allReleases();
    expect(releases).toHaveLength(tracks.size);
    for (const release of releases) expect(release.total_tracks, release.title).toBe(tracks.get(release.id));
  }

  /** The top 10 as ranking every played or pinned release of the label by docs/product.md §9.4 and §10.5 gives it. */
  async function expectRankingTrue(label: string) {
    const scored = (await allReleases(label))
      .filter((r) => r.stream_count > 0 || r.pinned)
      .map((r) => ({
        id: r.id,
        pinned: r.pinned,
        releaseDate: r.release_date ?? '',
        score: popularityScore({ popularity: r.popularity, streamCount: r.stream_count, releaseDate: r.release_date, trackCount: r.total_tracks }, now),
      }))
      .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.score - a.score || b.releaseDate.localeCompare(a.releaseDate) || a.id.localeCompare(b.id))
      .slice(0, 10);
    const top = await get<{ data: RankedRelease[] }>(`/api/labels/${label}/top-releases?limit=10`);
    expect(top.data.map((r) => [r.id, r.popularity_score])).toEqual(scored.map((r) => [r.id, r.score]));
  }

  it('keeps every score when the app starts (the fixture was imported before)', async () => {
    for (const label of ['buildit-records', 'buildit-tech', 'buildit-deep']) expect((await scoreState(label)).stale, label).toBe(0);
  });

  it('keeps every total and track count right through an import, an edit, a track delete and a release delete', async () => {
    await expectCountsTrue();

    const header = readFixtureCsv().split('\n')[0]!;
    const rows = [1, 2, 3].map(
      (n) => `"Build It Tech",BLDT990,199999999990,"Counted Import",,Kwal,2026-11-01,Electronic,Techno,${n},QZZ8B249999${n},"Counted ${n}","Original Mix",Kwal,,,05:00,Electronic,Techno`,
    );
    await importCatalog(t.database.db, `${header}\n${rows.join('\n')}\n`);
    t.catalogChanges.publish();
    await expectCountsTrue();

    const [imported] = (await get<PagedList<Release>>('/api/releases?q=Counted%20Import&include_tracks=true')).data;
    expect(imported?.total_tracks).toBe(3);
    await admin('PATCH', `/api/admin/tracks/${imported!.tracks![0]!.id}`, { title: 'Counted One' });
    await admin('DELETE', `/api/admin/tracks/${imported!.tracks![1]!.id}`);
    await expectCountsTrue();

    await t.database.db.execute(sql`delete from releases where id = ${imported!.id}`);
    t.catalogChanges.publish();
    await expectCountsTrue();

    // An artist found to be a sample pack leaves the lists; a release moved to another label takes its artists along.
    const [artist] = (await get<PagedList<Artist>>('/api/artists?label=tech&limit=1')).data;
    await t.database.db.execute(sql`update artists set looks_like_sample_pack = true where id = ${artist!.id}`);
    const [moved] = (await get<PagedList<Release>>('/api/releases?label=deep&limit=1')).data;
    await t.database.db.execute(sql`update releases set label_id = 'buildit-records' where id = ${moved!.id}`);
    t.catalogChanges.publish();
    await expectCountsTrue();
    const withoutPack = await get<PagedList<Artist>>('/api/artists?label=tech&limit=100');
    expect(withoutPack.data.map((a) => a.id)).not.toContain(artist!.id);
  });

  it('ranks Top Releases as scoring every release would, after plays, edits, deletes and as time passes', async () => {
    const label = 'buildit-deep';
    await expectRankingTrue(label);

    const releases = await allReleases(label);
    const [first, second, third] = releases;
    await t.database.db.execute(sql`update releases set stream_count = 25000 where id = ${third!.id}`);
    await t.database.db.execute(sql`update releases set popularity = 90 where id = ${second!.id}`);
    t.catalogChanges.publish();
    await expectRankingTrue(label);

    const withTracks = (await get<{ data: Release }>(`/api/releases/${first!.id}?include_tracks=true`)).data;
    await admin('DELETE', `/api/admin/tracks/${withTracks.tracks![0]!.id}`);
    await admin('PATCH', `/api/admin/releases/${releases.at(-1)!.id}`, { pinned: true });
    await expectRankingTrue(label);

    // A year and a half on, every recency step has moved.
    now = new Date(testNow.getTime() + 548 * 24 * 60 * 60 * 1000);
    t.setNow(now);
    await expectRankingTrue(label);
  });
  /** Releases of a label whose kept score does not hold at `now`, and a digest of every release row. */
  async function scoreState(labelId: string) {
    const [row] = await queryRows<{ stale: number; digest: string }>(
      t.database.db,
      sql`select count(*) filter (where label_id = ${labelId} and status <> 'draft' and not (score_valid_from <= ${now.toISOString()} and score_valid_until > ${now.toISOString()}))::int as stale,
                 md5(string_agg(r::text, ',' order by r.id)) as digest
            from releases r`,
    );
    return row!;
  }

  it('reads Top Releases without writing a row; the score keeper keeps the scores', async () => {
    const label = 'buildit-tech';
    now = testNow;
    t.setNow(now);
    await keepStaleScores(t.database.db, label, now);
    expect((await scoreState(label)).stale).toBe(0);

    // Plays counted in SQL make every score of the label stale.
    await t.database.db.execute(sql`update releases set stream_count = stream_count + 7 * (length(title) % 5) where label_id = ${label}`);
    t.catalogChanges.publish();
    const before = await scoreState(label);
    expect(before.stale).toBeGreaterThan(10);
    await expectRankingTrue(label);
    await get(`/api/labels/${label}/top-releases?limit=3&type=album`);
    await get(`/api/labels/${label}/top-spotify-plays`);
    expect(await scoreState(label)).toEqual(before);

    // The keeper's pass keeps them; the ranking stays the same.
    expect(await keepStaleScores(t.database.db, label, now)).toBe(before.stale);
    expect((await scoreState(label)).stale).toBe(0);
    t.catalogChanges.publish();
    await expectRankingTrue(label);
  });
});
