import { vipMemberStatusLabels, type AdminMember, type AdminMembersFilter, type AdminMembersQuery } from '../../../shared/api/admin-members.js';
import { findVipPlan } from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { toCsv } from '../../lib/csv.js';
import { allMembers, listMembers, type MemberRow } from './admin-members.repo.js';

function toMember(row: MemberRow): AdminMember {
  const plan = findVipPlan(row.plan);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    plan: {
      id: row.plan,
      name: plan?.name ?? null,
      price: plan?.price ?? null,
      currency: plan?.currency ?? null,
      period: plan?.period ?? null,
    },
    status: row.status,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getMembers(db: Db, query: AdminMembersQuery): Promise<{ data: AdminMember[]; total: number }> {
  const { rows, total } = await listMembers(db, query, { offset: query.offset, limit: query.limit });
  return { data: rows.map(toMember), total };
}

export const membersCsvHeader = ['Name', 'Email', 'Plan', 'Price', 'Currency', 'Period', 'Status', 'Period end', 'Cancels at period end', 'Joined', 'Updated'] as const;

/** The members the filter matches, newest first, as the CSV a spreadsheet opens; unknown plan details are '—'. */
export async function exportMembersCsv(db: Db, filter: AdminMembersFilter): Promise<string> {
  const members = (await allMembers(db, filter)).map(toMember);
  return toCsv([
    membersCsvHeader,
    ...members.map((m) => [
      m.name,
      m.email,
      m.plan.name ?? m.plan.id,
      m.plan.price?.toFixed(2) ?? '—',
      m.plan.currency ?? '—',
      m.plan.period ?? '—',
      vipMemberStatusLabels[m.status],
      m.current_period_end ?? '—',
      m.cancel_at_period_end ? 'Yes' : 'No',
      m.created_at,
      m.updated_at,
    ]),
  ]);
}
