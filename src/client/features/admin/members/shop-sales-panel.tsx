import { Alert, Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography, type ChipProps } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminOrder } from '../../../../shared/api/admin-orders.js';
import { shopOrderStatuses, type ShopOrderStatus } from '../../../../shared/api/shop.js';
import { notify } from '../../../lib/notifications.js';
import { adminOrdersQuery, adminRevenueQuery, resendOrder } from '../api/admin-shop.js';
import { formatDayAndTime } from '../components/admin-format.js';
import { AdminTable, FilterSelect, TableSearchField, hideOnPhone, phoneOnly } from '../components/admin-table.js';
import { usePagedSearch } from '../components/use-paged-search.js';

// Members → Sales (issue 36 part 2): what the shop took per release and per month, and every order, with
// its download email sent again on request. Owners' (decision 0098), as the Members tab is.

const statusLabels: Readonly<Record<ShopOrderStatus, string>> = { pending: 'Pending', paid: 'Paid', refunded: 'Refunded', expired: 'Expired' };
const statusColors: Readonly<Record<ShopOrderStatus, ChipProps['color']>> = { pending: 'default', paid: 'success', refunded: 'warning', expired: 'default' };
const sourceLabels: Readonly<Record<AdminOrder['source'], string>> = { checkout: 'Checkout', code: 'Code', free: 'Free' };
const statusOptions = shopOrderStatuses.map((status) => ({ value: status, label: statusLabels[status] }));
/** What an order bought: its release, or a track sold alone "from" its release. */
const boughtTitle = (order: AdminOrder) => (order.track_title ? `${order.track_title}, from ${order.release_title}` : order.release_title);

/** "€7.99" (a code's or a free download's order shows its source instead). */
const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
/** "November 2026" of "2026-11". */
const monthName = (month: string) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

export function ShopSalesPanel({ token }: { token: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Revenue token={token} />
      <Orders token={token} />
    </Box>
  );
}

function Revenue({ token }: { token: string }) {
  const query = useQuery(adminRevenueQuery(token));
  if (query.error) return <Alert severity="error">{query.error.message}</Alert>;
  if (!query.data) return <Typography color="text.secondary">Loading revenue…</Typography>;
  const { releases, months } = query.data.data;
  if (releases.length === 0) return <Typography color="text.secondary">No paid orders yet: revenue shows here once a fan buys a release.</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
      <RevenueTable
        label="Revenue per release"
        first="Release"
        rows={releases.map((row) => ({ key: `${row.release_id}-${row.currency}`, name: row.catalog_number ? `${row.title} (${row.catalog_number})` : row.title, ...row }))}
      />
      <RevenueTable label="Revenue per month" first="Month" rows={months.map((row) => ({ key: `${row.month}-${row.currency}`, name: monthName(row.month), ...row }))} />
    </Box>
  );
}

function RevenueTable({ label, first, rows }: { label: string; first: string; rows: { key: string; name: string; orders: number; amount: number; currency: string }[] }) {
  return (
    <Box sx={{ minWidth: 0, overflowX: 'auto' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {label}
      </Typography>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{first}</TableCell>
            <TableCell align="right">Orders</TableCell>
            <TableCell align="right">Revenue</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>{row.name}</TableCell>
              <TableCell align="right">{row.orders}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(row.amount, row.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Orders({ token }: { token: string }) {
  const [status, setStatus] = useState('');
  const paging = usePagedSearch({ filters: [status] });
  const query = useQuery(adminOrdersQuery(token, { ...paging.params, status: (status || undefined) as ShopOrderStatus | undefined }));
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: (order: AdminOrder) => resendOrder(token, order.id),
    onSuccess: (answer) => notify(answer.message, { variant: 'success' }),
    onError: (error) => notify(error.message, { variant: 'error' }),
    // The outbox shows the email.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
  return (
    <AdminTable
      label="Orders"
      toolbar={
        <>
          <TableSearchField label="Search orders" value={paging.search} onChange={paging.setSearch} />
          <FilterSelect label="Order status" value={status} options={statusOptions} onChange={setStatus} />
        </>
      }
      head={
        <TableHead>
          <TableRow>
            <TableCell>Buyer</TableCell>
            <TableCell sx={hideOnPhone}>Release</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell sx={hideOnPhone}>Status</TableCell>
            <TableCell sx={hideOnPhone}>Date</TableCell>
            <TableCell align="right">Email</TableCell>
          </TableRow>
        </TableHead>
      }
      columnCount={6}
      query={query}
      paging={paging}
      emptyText={status || paging.q ? 'No orders match these filters' : 'No orders yet'}
      minWidth={900}
    >
      {query.data?.data.map((order) => (
        <TableRow key={order.id}>
          <TableCell>
            {/* A long address wraps where it must, the words under it where they may. */}
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {order.email}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={phoneOnly}>
              {[boughtTitle(order), statusLabels[order.status], formatDayAndTime(order.created_at)].join(' · ')}
            </Typography>
          </TableCell>
          <TableCell sx={hideOnPhone}>{order.catalog_number ? `${boughtTitle(order)} (${order.catalog_number})` : boughtTitle(order)}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {order.source === 'checkout' ? money(order.amount, order.currency) : sourceLabels[order.source]}
          </TableCell>
          <TableCell sx={hideOnPhone}>
            <Chip size="small" label={statusLabels[order.status]} color={statusColors[order.status]} variant={order.status === 'paid' ? 'filled' : 'outlined'} />
          </TableCell>
          <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{formatDayAndTime(order.created_at)}</TableCell>
          <TableCell align="right">
            {order.status === 'paid' && (
              <Button size="small" aria-label={`Resend download email to ${order.email}`} disabled={resend.isPending && resend.variables.id === order.id} onClick={() => resend.mutate(order)}>
                Resend
              </Button>
            )}
          </TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}
