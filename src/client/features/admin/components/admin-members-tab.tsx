import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { membersCsvFileName, vipMemberStatusLabels, type AdminMember, type AdminMembersFilter } from '../../../../shared/api/admin-inbox.js';
import { vipMemberStatuses, vipPlans } from '../../../../shared/api/vip.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { adminMembersQuery, downloadMembersCsv } from '../api/admin-inbox.js';
import { useAdminToken } from './admin-outlet-context.js';
import { FilterSelect, SearchField, TableStateRow, hideOnPhone, inboxPageSize, phoneOnly, usePage } from './inbox-controls.js';
import { formatDay } from './inbox-format.js';

const planOptions = vipPlans.map((plan) => ({ value: plan.id, label: plan.name }));
const statusOptions = vipMemberStatuses.map((status) => ({ value: status, label: vipMemberStatusLabels[status] }));

/** "$99.99/year"; '—' for a plan the site no longer offers. */
function planPrice(plan: AdminMember['plan']): string {
  if (plan.price === null || plan.currency === null) return '—';
  const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: plan.currency }).format(plan.price);
  return plan.period ? `${price}/${plan.period}` : price;
}

/** Saves a file the way a link with `download` does. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** DECISIONS §7: the VIP members, newest first, with their plan and payment status, and a CSV export. */
export function AdminMembersTab() {
  const token = useAdminToken();
  const { enqueueSnackbar } = useSnackbar();
  const [plan, setPlan] = useState('');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300) || undefined;
  const filter = { q, plan: plan || undefined, status: status || undefined } as AdminMembersFilter;
  const [page, setPage] = usePage(`${plan}|${status}|${q ?? ''}`);
  const [isExporting, setIsExporting] = useState(false);
  const query = useQuery(adminMembersQuery(token, { ...filter, offset: page * inboxPageSize, limit: inboxPageSize }));
  const rows = query.data?.data ?? [];
  const isFiltered = Boolean(plan || status || q);

  const onExport = async () => {
    setIsExporting(true);
    try {
      saveFile(await downloadMembersCsv(token, filter), membersCsvFileName(new Date()));
    } catch (err) {
      enqueueSnackbar(err instanceof Error ? err.message : 'Export failed', { variant: 'error' });
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
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void onExport()} disabled={isExporting}>
          Export CSV
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: { sm: 'center' } }} useFlexGap>
        <SearchField label="Search name or email" value={search} onChange={setSearch} />
        <FilterSelect label="Plan" value={plan} options={planOptions} onChange={setPlan} />
        <FilterSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />
      </Stack>
      <TableContainer>
        <Table size="small" aria-label="Members">
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
          <TableBody>
            {rows.length === 0 || query.error ? (
              <TableStateRow
                colSpan={6}
                isLoading={query.isPending}
                error={query.error}
                onRetry={() => void query.refetch()}
                emptyText={isFiltered ? 'No members match these filters' : 'No members yet'}
              />
            ) : (
              rows.map((member) => (
                <TableRow key={member.id}>
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
                      {vipMemberStatusLabels[member.status]}
                    </Typography>
                  </TableCell>
                  <TableCell sx={hideOnPhone}>{vipMemberStatusLabels[member.status]}</TableCell>
                  <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{formatDay(member.created_at)}</TableCell>
                  <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{formatDay(member.updated_at)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={query.data?.total ?? 0}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={inboxPageSize}
        rowsPerPageOptions={[]}
      />
    </Box>
  );
}
