import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AdminReleaseDetail } from '../../../../shared/api/admin-releases.js';
import { codesRequestSchema } from '../../../../shared/api/shop.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notifications.js';
import { saveFile } from '../../../lib/save-file.js';
import { adminCodesQuery, downloadCodesCsv, makeCodes } from '../api/admin-shop.js';
import { formatDay, formatDayAndTime } from './admin-format.js';
import { hideOnPhone, phoneOnly } from './admin-table.js';
import { ReleaseFormSection } from './release-form-sections.js';

// The release's download codes (issue 36 part 4, docs/decisions/0105): made here for promos, copied or
// exported as CSV, and each one's redemption.

interface CodesFormValues {
  count: string;
  /** The last day the codes work (a date: the server takes it to its end in the labels' time zone); blank: they never expire. */
  expires: string;
  note: string;
}

const codesBody = (values: CodesFormValues) => ({
  count: values.count.trim() === '' ? Number.NaN : Number(values.count),
  expires_at: values.expires || null,
  note: values.note,
});
const fieldOf: Record<string, keyof CodesFormValues> = { count: 'count', expires_at: 'expires', note: 'note' };

/** The server's own rules, each message on its field. */
const codesFormSchema = z.custom<CodesFormValues>().superRefine((values, ctx) => {
  for (const issue of codesRequestSchema.safeParse(codesBody(values)).error?.issues ?? []) {
    ctx.addIssue({ code: 'custom', path: [fieldOf[String(issue.path[0])] ?? 'count'], message: issue.message });
  }
});

export function ReleaseCodesSection({ token, release }: { token: string; release: AdminReleaseDetail }) {
  const queryClient = useQueryClient();
  const codes = useQuery(adminCodesQuery(token, release.id));
  const [made, setMade] = useState<string[] | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<CodesFormValues>({ resolver: zodResolver(codesFormSchema), defaultValues: { count: '10', expires: '', note: '' } });
  const make = useMutation({
    mutationFn: (values: CodesFormValues) => makeCodes(token, release.id, codesBody(values)),
    onSuccess: (answer) => {
      setMade(answer.data.codes);
      reset();
      void queryClient.invalidateQueries({ queryKey: adminCodesQuery(token, release.id).queryKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field && fieldOf[error.field]) setError(fieldOf[error.field] as keyof CodesFormValues, { type: 'server', message: error.message });
    },
  });
  // Inside the release's form: its own submit must not save the release too.
  const onMake = (event: SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
    void handleSubmit((values) => make.mutate(values))();
  };
  const onExport = async () => {
    try {
      saveFile(await downloadCodesCsv(token, release.id), `download-codes-${release.slug}.csv`);
    } catch (err) {
      notify(err instanceof Error ? err.message : 'Export failed', { variant: 'error' });
    }
  };
  const copy = async (text: string) => {
    await navigator.clipboard.writeText(text);
    notify('Codes copied', { variant: 'success' });
  };
  const list = codes.data?.data ?? [];
  const redeemed = list.filter((code) => code.redeemed_at).length;

  return (
    <ReleaseFormSection title="Download codes">
      <Typography color="text.secondary">Each code gives the release once to whoever redeems it on the site: for promos, DJs and press. Codes work once the release is published and its masters are uploaded.</Typography>
      {/* A group, not a form: the release's form holds it (a form cannot hold another). */}
      <Box role="group" aria-label="Make download codes" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1.5fr 2fr auto' }, alignItems: 'start' }} onKeyDown={(event) => event.key === 'Enter' && onMake(event)}>
        <FormTextField control={control} name="count" label="How many" helperText="1 to 1000" size="small" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <FormTextField control={control} name="expires" label="Last day" type="date" helperText="Empty: never expire" size="small" slotProps={{ inputLabel: { shrink: true } }} />
        <FormTextField control={control} name="note" label="Note" helperText="e.g. DJ promo December" size="small" />
        <Button variant="outlined" onClick={onMake} disabled={make.isPending} sx={{ mt: { sm: 0.25 } }}>
          {make.isPending ? 'Making...' : 'Make codes'}
        </Button>
      </Box>
      {make.error && !(make.error instanceof ApiError && make.error.field) && <Alert severity="error">{make.error.message}</Alert>}
      {made && (
        <Alert severity="success" action={<Button color="inherit" size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy(made.join('\n'))}>Copy</Button>}>
          {`${made.length} new ${made.length === 1 ? 'code' : 'codes'}:`}
          <TextField value={made.join('\n')} multiline maxRows={8} fullWidth size="small" slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'New codes' } }} sx={{ mt: 1, fontFamily: 'monospace' }} />
        </Alert>
      )}
      {codes.error && <Alert severity="error">{codes.error.message}</Alert>}
      {list.length > 0 && (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography>{`${list.length} ${list.length === 1 ? 'code' : 'codes'}, ${redeemed} redeemed`}</Typography>
            <Button startIcon={<DownloadIcon />} onClick={() => void onExport()} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              Export CSV
            </Button>
          </Stack>
          <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
            <Table size="small" aria-label="Download codes" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>Code</TableCell>
                  <TableCell sx={hideOnPhone}>Note</TableCell>
                  <TableCell sx={hideOnPhone}>Expires</TableCell>
                  <TableCell>Redeemed</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((code) => (
                  <TableRow key={code.code}>
                    <TableCell>
                      <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                        {code.code}
                      </Box>
                      <Typography variant="body2" color="text.secondary" sx={phoneOnly}>
                        {[code.note, code.last_day ? `until ${formatDay(code.last_day)}` : null].filter(Boolean).join(' · ')}
                      </Typography>
                    </TableCell>
                    <TableCell sx={hideOnPhone}>{code.note ?? '—'}</TableCell>
                    <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{code.last_day ? formatDay(code.last_day) : 'Never'}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{code.redeemed_at ? `${code.redeemed_by ?? '—'}, ${formatDayAndTime(code.redeemed_at)}` : 'Not yet'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </ReleaseFormSection>
  );
}
