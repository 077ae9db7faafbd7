import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { demoSubmissions, labels, listedArtistCounts, outboxEmails, releases, tracks, vipMembers } from '../../db/schema.js';

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
