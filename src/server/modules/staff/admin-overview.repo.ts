import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { demoSubmissions, importJobs, labels, listedArtistCounts, outboxEmails, releases, siteSettingsChanges, tracks, vipMembers } from '../../db/schema.js';

export interface TableCounts {
  artists: number;
  labels: number;
  releases: number;
  tracks: number;
  newDemos: number;
  demos: number;
  members: number;
  activeMembers: number;
  pendingMembers: number;
  pastDueMembers: number;
  pausedMembers: number;
  canceledMembers: number;
  /** Active members by plan id. */
  activeByPlan: Record<string, number> | null;
  /** Emails not sent yet: waiting or being sent (the open-rows index of the outbox serves it). */
  waitingEmails: number;
}

/**
 * Every Quick Stats figure in one statement (one round trip, one snapshot). The artists are the public
 * artists list's own total, which the catalog's triggers keep in `listed_artist_counts` ('*': every
 * label), so that the admin figure and the site never disagree.
 */
export async function countTables(db: Db): Promise<TableCounts> {
  const [row] = await queryRows<TableCounts>(db, sql`
    select coalesce((select ${listedArtistCounts.artists} from ${listedArtistCounts} where ${listedArtistCounts.labelId} = '*'), 0)::int as "artists",
           (select count(*)::int from ${labels}) as "labels",
           (select count(*)::int from ${releases}) as "releases",
           (select count(*)::int from ${tracks}) as "tracks",
           (select count(*)::int from ${outboxEmails} where ${outboxEmails.status} in ('waiting', 'sending')) as "waitingEmails",
           d.new_demos as "newDemos", d.demos as "demos",
           m.members as "members", m.active as "activeMembers", m.pending as "pendingMembers",
           m.past_due as "pastDueMembers", m.paused as "pausedMembers", m.canceled as "canceledMembers",
           (select jsonb_object_agg(p.plan, p.active) from (select ${vipMembers.plan} as plan, count(*)::int as active
              from ${vipMembers} where ${vipMembers.status} = 'active' group by ${vipMembers.plan}) p) as "activeByPlan"
      from (select count(*) filter (where ${demoSubmissions.status} = 'new')::int as new_demos,
                   count(*)::int as demos
              from ${demoSubmissions}) d,
           (select count(*)::int as members,
                   count(*) filter (where ${vipMembers.status} = 'active')::int as active,
                   count(*) filter (where ${vipMembers.status} = 'pending_payment')::int as pending,
                   count(*) filter (where ${vipMembers.status} = 'past_due')::int as past_due,
                   count(*) filter (where ${vipMembers.status} = 'paused')::int as paused,
                   count(*) filter (where ${vipMembers.status} = 'canceled')::int as canceled
              from ${vipMembers}) m`);
  return row as TableCounts;
}

/** What the setup checklist reads of the database (docs/decisions/0099), in one statement. */
export interface SetupCounts {
  /** Releases that are not the demo catalog's: imported, or made by hand. */
  ownReleases: number;
  demoReleases: number;
  /** Of the own releases: those with artwork (uploaded, or from Spotify). */
  ownReleasesWithArtwork: number;
  ownTracks: number;
  /** Of the own tracks: those with the label's own audio uploaded. */
  ownTracksWithAudio: number;
  /** When the last catalog upload finished well; null: none did. */
  lastCatalogImport: string | null;
  /** The email that last left the outbox or was refused for good: whether it was sent, and why not. */
  lastMail: { status: 'sent' | 'failed'; at: string; error: string | null } | null;
  /** Changes of the site settings saved (docs/decisions/0097), and the last one: when and by whom. */
  settingsChanges: number;
  lastSettingsChange: { at: string; by: string | null } | null;
}

export async function countSetup(db: Db): Promise<SetupCounts> {
  const [row] = await queryRows<SetupCounts>(db, sql`
    select r.own as "ownReleases", r.demo as "demoReleases", r.own_art as "ownReleasesWithArtwork",
           t.own as "ownTracks", t.own_audio as "ownTracksWithAudio",
           (select max(${importJobs.finishedAt}) from ${importJobs}
             where ${importJobs.kind} = 'catalog-csv' and ${importJobs.status} = 'succeeded') as "lastCatalogImport",
           (select json_build_object('status', o.status, 'at', o.updated_at, 'error', o.last_error) from ${outboxEmails} o
             where o.status in ('sent', 'failed') order by o.updated_at desc, o.id desc limit 1) as "lastMail",
           (select count(*)::int from ${siteSettingsChanges}) as "settingsChanges",
           (select json_build_object('at', c.at, 'by', c.by) from ${siteSettingsChanges} c order by c.id desc limit 1) as "lastSettingsChange"
      from (select count(*) filter (where not ${releases.demo})::int as own,
                   count(*) filter (where ${releases.demo})::int as demo,
                   count(*) filter (where not ${releases.demo} and ${releases.artworkUrl} is not null)::int as own_art
              from ${releases}) r,
           (select count(*)::int as own, count(*) filter (where ${tracks.audioId} is not null)::int as own_audio
              from ${tracks} join ${releases} on ${releases.id} = ${tracks.releaseId} where not ${releases.demo}) t`);
  const counts = row as SetupCounts;
  const lastSettingsChange = counts.lastSettingsChange && { ...counts.lastSettingsChange, at: new Date(counts.lastSettingsChange.at).toISOString() };
  return { ...counts, lastCatalogImport: counts.lastCatalogImport && new Date(counts.lastCatalogImport).toISOString(), lastSettingsChange };
}
