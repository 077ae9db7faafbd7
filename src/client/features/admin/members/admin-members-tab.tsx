import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Paper, Stack, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../../lib/notifications.js';
import { saveFile } from '../../../lib/save-file.js';
import { useState } from 'react';
import { membersCsvFileName, vipMemberStatusLabels, type AdminMember, type AdminMembersFilter } from '../../../../shared/api/admin-members.js';
import { vipMemberStatuses, vipPlans } from '../../../../shared/api/vip.js';
import { adminMembersQuery, downloadMembersCsv, inboxPageSize } from '../api/admin-inbox.js';
import { formatDay } from '../components/admin-format.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { AdminTable, FilterSelect, TableSearchField, hideOnPhone, phoneOnly } from '../components/admin-table.js';
import { usePagedSearch } from '../components/use-paged-search.js';
import { ShopSalesPanel } from './shop-sales-panel.js';
import { MemberPerksForm } from './member-perks-form.js';
import { WaitingListPanel } from './waiting-list-panel.js';
import { CheckWithStripeButton, CheckWithStripeResult, useCheckWithStripe } from './check-with-stripe-button.js';

const planOptions = vipPlans.map((plan) => ({ value: plan.id, label: plan.name }));
const statusOptions = vipMemberStatuses.map((status) => ({ value: status, label: vipMemberStatusLabels[status] }));

/** "$99.99/year"; '—' for a plan the site no longer offers. */
function planPrice(plan: AdminMember['plan']): string {
  if (plan.price === null || plan.currency === null) return '—';
  const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: plan.currency }).format(plan.price);
  return plan.period ? `${price}/${plan.period}` : price;
}

/**
 * docs/product.md §10.7: the VIP members, newest first, with their plan and payment status, and a CSV
 * export of what the filters show (a plan and Active: whom staff fulfil a perk for by hand); below, the
 * shop's sales (issue 36), the members' discount code (docs/decisions/0066) and the VIP waiting list (docs/decisions/0099).
 */
export function AdminMembersTab() {
  const token = useAdminToken();
  const [plan, setPlan] = useState('');
  const [status, setStatus] = useState('');
  const paging = usePagedSearch({ filters: [plan, status], pageSize: inboxPageSize });
  const filter = { q: paging.q, plan: plan || undefined, status: status || undefined } as AdminMembersFilter;
  const [isExporting, setIsExporting] = useState(false);
  const query = useQuery(adminMembersQuery(token, { ...filter, ...paging.params }));
  const isFiltered = Boolean(plan || status || paging.q);
  const check = useCheckWithStripe(token);

  const onExport = async () => {
    setIsExporting(true);
    try {
      saveFile(await downloadMembersCsv(token, filter), membersCsvFileName(new Date()));
    } catch (err) {
      notify(err instanceof Error ? err.message : 'Export failed', { variant: 'error' });
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Members
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <CheckWithStripeButton check={check} />
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void onExport()} disabled={isExporting}>
            Export CSV
          </Button>
        </Stack>
      </Stack>
      <CheckWithStripeResult check={check} />
      <AdminTable
        label="Members"
        toolbar={
          <>
            <TableSearchField label="Search name or email" type="text" value={paging.search} onChange={paging.setSearch} />
            <FilterSelect label="Plan" value={plan} options={planOptions} onChange={setPlan} />
            <FilterSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />
          </>
        }
        head={
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell sx={hideOnPhone}>Email</TableCell>
              <TableCell>Plan</TableCell>
              <TableCell sx={hideOnPhone}>Status</TableCell>
              <TableCell sx={hideOnPhone}>Joined</TableCell>
              <TableCell sx={hideOnPhone}>Updated</TableCell>
            </TableRow>
          </TableHead>
        }
        columnCount={6}
        query={query}
        paging={paging}
        emptyText={isFiltered ? 'No members match these filters' : 'No members yet'}
      >
        {query.data?.data.map((member) => <MemberRow key={member.id} member={member} />)}
      </AdminTable>
      <Paper component="section" aria-labelledby="admin-sales" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography id="admin-sales" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Sales
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Releases bought in the shop: the money taken (paid orders, refunds left out) and every order. Resend writes the buyer's download email again.
        </Typography>
        <ShopSalesPanel token={token} />
      </Paper>
      <Paper component="section" aria-labelledby="admin-member-perks" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 560 }}>
        <Typography id="admin-member-perks" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Member perks
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          A discount code for the label's store, shown on the member page of the plans you choose. Perks you fulfil by hand (guest-list
          spots): filter the list above by plan and Active, and export it.
        </Typography>
        <MemberPerksForm token={token} />
      </Paper>
      <Paper component="section" aria-labelledby="admin-waiting-list" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 560 }}>
        <Typography id="admin-waiting-list" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          VIP waiting list
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          While payments are off, fans leave their address on the VIP page and confirm it. Once payments open, send them one email.
        </Typography>
        <WaitingListPanel token={token} />
      </Paper>
    </Box>
  );
}

/** "Active · renews 21 Dec 2026", "Active · ends 21 Dec 2026" (cancelled), "Past due · period ended …". */
function memberStatus(member: AdminMember): string {
  const label = vipMemberStatusLabels[member.status];
  if (!member.current_period_end) return label;
  const day = formatDay(member.current_period_end);
  if (member.status === 'active') return `${label} · ${member.cancel_at_period_end ? 'ends' : 'renews'} ${day}`;
  return `${label} · period end ${day}`;
}

function MemberRow({ member }: { member: AdminMember }) {
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
        {member.name}
        <Typography variant="body2" color="text.secondary" sx={phoneOnly}>
          {`${member.email} · joined ${formatDay(member.created_at)}`}
        </Typography>
      </TableCell>
      <TableCell sx={hideOnPhone}>{member.email}</TableCell>
      <TableCell>
        {member.plan.name ?? member.plan.id}
        <Typography variant="body2" color="text.secondary">
          {planPrice(member.plan)}
        </Typography>
        <Typography variant="body2" sx={phoneOnly}>
          {memberStatus(member)}
        </Typography>
      </TableCell>
      <TableCell sx={hideOnPhone}>{memberStatus(member)}</TableCell>
      <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{formatDay(member.created_at)}</TableCell>
      <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{formatDay(member.updated_at)}</TableCell>
    </TableRow>
  );
}
