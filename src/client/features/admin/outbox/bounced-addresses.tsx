import { Alert, Box, Button, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailSuppression } from '../../../../shared/api/messaging.js';
import { adminOutboxKey, adminSuppressionsQuery, liftSuppression } from '../api/admin-outbox.js';
import { formatDayAndTime } from '../components/admin-format.js';
import { AdminTable, TableSearchField, hideOnPhone, phoneOnly } from '../components/admin-table.js';
import { usePagedSearch } from '../components/use-paged-search.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';

/**
 * Addresses an SMTP server refused for good (docs/decisions/0090): the newsletter, the digest and
 * release-day alerts skip them. Staff lift one once its owner says the mailbox works again.
 */
export function BouncedAddresses() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const paging = usePagedSearch({ pageSize: 10 });
  const query = useQuery(adminSuppressionsQuery(token, paging.params));
  const lift = useMutation({
    mutationFn: (email: string) => liftSuppression(token, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminOutboxKey, 'suppressions'] }),
  });

  return (
    <Box component="section" aria-labelledby="bounced-heading" sx={{ mt: 4 }}>
      <Typography id="bounced-heading" variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        Addresses that bounced
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A mail server refused these addresses for good. The newsletter, the staff digest and release-day alerts skip them; other emails still try.
      </Typography>
      {lift.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {lift.data.message}
        </Alert>
      )}
      {lift.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {lift.error.message}
        </Alert>
      )}
      <AdminTable
        label="Addresses that bounced"
        toolbar={<TableSearchField label="Search address" value={paging.search} onChange={paging.setSearch} />}
        head={
          <TableHead>
            <TableRow>
              <TableCell>Address</TableCell>
              <TableCell sx={hideOnPhone}>Since</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
        }
        columnCount={3}
        query={query}
        paging={paging}
        emptyText={paging.q ? 'No address matches this search' : 'No address has bounced'}
      >
        {query.data?.data.map((entry) => (
          <BouncedRow key={entry.email} entry={entry} isLifting={lift.isPending && lift.variables === entry.email} onLift={() => lift.mutate(entry.email)} />
        ))}
      </AdminTable>
    </Box>
  );
}

function BouncedRow({ entry, isLifting, onLift }: { entry: EmailSuppression; isLifting: boolean; onLift: () => void }) {
  return (
    <TableRow>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{entry.email}</Typography>
        <Typography variant="body2" color="text.secondary">
          {entry.reason}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={phoneOnly}>
          {formatDayAndTime(entry.created_at)}
        </Typography>
      </TableCell>
      <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{formatDayAndTime(entry.created_at)}</TableCell>
      <TableCell align="right">
        <Button size="small" variant="outlined" disabled={isLifting} onClick={onLift} aria-label={`Lift ${entry.email}`}>
          Lift
        </Button>
      </TableCell>
    </TableRow>
  );
}
