import { Box, Chip, Link, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { emailKinds, outboxStatuses, type AdminOutboxQuery, type OutboxEmailRow } from '../../../../shared/api/messaging.js';
import { adminOutboxQuery } from '../api/admin-outbox.js';
import { formatDayAndTime } from '../components/admin-format.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { AdminTable, FilterSelect, TableSearchField, hideOnPhone, phoneOnly } from '../components/admin-table.js';
import { usePagedSearch } from '../components/use-paged-search.js';
import { emailKindLabels, outboxStatusColors, outboxStatusLabels } from './outbox-status.js';
import { BouncedAddresses } from './bounced-addresses.js';
import { OutboxEmailDialog } from './outbox-email-dialog.js';

const statusOptions = outboxStatuses.map((status) => ({ value: status, label: outboxStatusLabels[status] }));
const kindOptions = emailKinds.map((kind) => ({ value: kind, label: emailKindLabels[kind] }));

/** Issue 25: every email the product wrote, newest first, with its status; a row opens the email. */
export function AdminOutboxTab() {
  const token = useAdminToken();
  const [status, setStatus] = useState('');
  const [kind, setKind] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const paging = usePagedSearch({ filters: [status, kind], pageSize: 20 });
  const query = useQuery(adminOutboxQuery(token, { status: status || undefined, kind: kind || undefined, ...paging.params } as AdminOutboxQuery));
  const isFiltered = Boolean(status || kind || paging.q);

  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        Outbox
      </Typography>
      <AdminTable
        label="Emails"
        toolbar={
          <>
            <TableSearchField label="Search recipient or subject" type="text" value={paging.search} onChange={paging.setSearch} />
            <FilterSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />
            <FilterSelect label="Kind" value={kind} options={kindOptions} onChange={setKind} />
          </>
        }
        head={
          <TableHead>
            <TableRow>
              <TableCell>Subject</TableCell>
              <TableCell sx={hideOnPhone}>To</TableCell>
              <TableCell>Status</TableCell>
              <TableCell sx={hideOnPhone}>Written</TableCell>
            </TableRow>
          </TableHead>
        }
        columnCount={4}
        query={query}
        paging={paging}
        emptyText={isFiltered ? 'No emails match these filters' : 'No emails yet'}
      >
        {query.data?.data.map((email) => <EmailRow key={email.id} email={email} onOpen={() => setOpenId(email.id)} />)}
      </AdminTable>
      <OutboxEmailDialog id={openId} onClose={() => setOpenId(null)} />
      <BouncedAddresses />
    </Box>
  );
}

function EmailRow({ email, onOpen }: { email: OutboxEmailRow; onOpen: () => void }) {
  return (
    <TableRow hover onClick={onOpen} sx={{ cursor: 'pointer' }}>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Link component="button" type="button" underline="hover" color="inherit" sx={{ fontWeight: 600, textAlign: 'left' }}>
          {email.subject}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {emailKindLabels[email.kind]}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={phoneOnly}>
          {`${email.to.join(', ')} · ${formatDayAndTime(email.created_at)}`}
        </Typography>
      </TableCell>
      <TableCell sx={{ ...hideOnPhone, overflowWrap: 'anywhere' }}>{email.to.join(', ')}</TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" label={outboxStatusLabels[email.status]} color={outboxStatusColors[email.status]} />
        {email.status === 'failed' && email.last_error && (
          <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {email.last_error}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{formatDayAndTime(email.created_at)}</TableCell>
    </TableRow>
  );
}
