import { Box, Button, Link, Stack, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminDemoRow } from '../../../../shared/api/admin-inbox.js';
import { demoStatuses, type DemoStatus } from '../../../../shared/api/demos.js';
import { labels } from '../../../../shared/labels.js';
import { adminDemosQuery, inboxPageSize } from '../api/admin-inbox.js';
import { formatDay, labelName } from '../components/admin-format.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { AdminTable, FilterSelect, TableSearchField, hideOnPhone, phoneOnly } from '../components/admin-table.js';
import { DecisionTemplatesDialog } from './decision-templates.js';
import { DemoDetailDialog } from './demo-detail-dialog.js';
import { DemoStatusChip, demoStatusLabels } from './demo-status-chip.js';
import { usePagedSearch } from '../components/use-paged-search.js';

const statusOptions = demoStatuses.map((status) => ({ value: status, label: demoStatusLabels[status] }));
const labelOptions = labels.map((label) => ({ value: label.id, label: label.name }));

/** docs/product.md §10.7: the demos sent through the Submit pages, newest first, each opening its full form. */
export function AdminDemosTab() {
  const token = useAdminToken();
  const [status, setStatus] = useState('');
  const [label, setLabel] = useState('');
  const paging = usePagedSearch({ filters: [status, label], pageSize: inboxPageSize });
  const [openId, setOpenId] = useState<string | null>(null);
  const [isEditingTemplates, setIsEditingTemplates] = useState(false);
  const query = useQuery(
    adminDemosQuery(token, { status: (status || undefined) as DemoStatus | undefined, label: label || undefined, ...paging.params }),
  );
  const isFiltered = Boolean(status || label || paging.q);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Demos
        </Typography>
        <Button variant="outlined" onClick={() => setIsEditingTemplates(true)}>
          Decision emails
        </Button>
      </Stack>
      <AdminTable
        label="Demos"
        toolbar={
          <>
            <FilterSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />
            <FilterSelect label="Label" value={label} options={labelOptions} onChange={setLabel} />
            <TableSearchField label="Search artists, emails or tracks" type="text" value={paging.search} onChange={paging.setSearch} />
          </>
        }
        head={
          <TableHead>
            <TableRow>
              <TableCell sx={hideOnPhone}>Received</TableCell>
              <TableCell>Artist(s)</TableCell>
              <TableCell sx={hideOnPhone}>Track(s)</TableCell>
              <TableCell sx={hideOnPhone}>Label</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
        }
        columnCount={5}
        query={query}
        paging={paging}
        emptyText={isFiltered ? 'No demos match these filters' : 'No demos yet'}
      >
        {query.data?.data.map((demo) => <DemoRow key={demo.id} demo={demo} onOpen={() => setOpenId(demo.id)} />)}
      </AdminTable>
      <DemoDetailDialog id={openId} onClose={() => setOpenId(null)} />
      <DecisionTemplatesDialog open={isEditingTemplates} onClose={() => setIsEditingTemplates(false)} />
    </Box>
  );
}

function DemoRow({ demo, onOpen }: { demo: AdminDemoRow; onOpen: () => void }) {
  const artists = demo.artists.join(', ') || '—';
  const tracks = demo.tracks.map((t) => t.name).join(', ') || '—';
  return (
    <TableRow hover onClick={onOpen} sx={{ cursor: 'pointer' }}>
      <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{formatDay(demo.created_at)}</TableCell>
      <TableCell>
        {/* The button makes the row reachable by keyboard; the whole row answers a click. */}
        <Link component="button" type="button" underline="hover" color="inherit" sx={{ fontWeight: 600, textAlign: 'left' }}>
          {artists}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={phoneOnly}>
          {`${tracks} · ${labelName(demo.label)} · ${formatDay(demo.created_at)}`}
        </Typography>
      </TableCell>
      <TableCell sx={hideOnPhone}>
        {demo.tracks.map((track, index) => (
          <Box key={index}>
            {track.name}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({track.genre})
            </Typography>
          </Box>
        ))}
      </TableCell>
      <TableCell sx={hideOnPhone}>{labelName(demo.label)}</TableCell>
      <TableCell>
        <DemoStatusChip status={demo.status} />
      </TableCell>
    </TableRow>
  );
}
