import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { decisionStatuses, templatePlaceholders, type DecisionStatus, type EmailTemplate } from '../../../../shared/api/messaging.js';
import { labels } from '../../../../shared/labels.js';
import { notify } from '../../../lib/notifications.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { emailPreviewQuery, emailTemplatesKey, emailTemplatesQuery, resetEmailTemplate, saveEmailTemplate } from '../api/admin-email-templates.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { demoStatusLabels } from './demo-status-chip.js';

const placeholderHint = `Placeholders: ${templatePlaceholders.map((name) => `{${name}}`).join(', ')}. A blank line starts a paragraph.`;

/**
 * The decision emails of each label (issue 25): subject and plain text with placeholders, and a live
 * preview. A dialog of the Demos tab: its requests go only when it is open.
 */
export function DecisionTemplatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Decision emails</DialogTitle>
      <DialogContent>{open && <DecisionTemplates />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function DecisionTemplates() {
  const token = useAdminToken();
  const templates = useQuery(emailTemplatesQuery(token));
  const [label, setLabel] = useState(labels[0]?.id ?? '');
  const [status, setStatus] = useState<DecisionStatus>('accepted');
  const template = templates.data?.find((t) => t.label === label && t.status === status);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, pt: 1 }}>
        <TextField select label="Label" value={label} onChange={(event) => setLabel(event.target.value)} sx={{ minWidth: 200 }}>
          {labels.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup exclusive value={status} onChange={(_event, next: DecisionStatus | null) => next && setStatus(next)} aria-label="Decision">
          {decisionStatuses.map((s) => (
            <ToggleButton key={s} value={s}>
              {demoStatusLabels[s]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {templates.error && <Alert severity="error">{templates.error.message}</Alert>}
      {templates.isPending && <CircularProgress aria-label="Loading" />}
      {template && <TemplateEditor key={`${template.label}/${template.status}/${template.updated_at ?? ''}`} template={template} />}
    </>
  );
}

function TemplateEditor({ template }: { template: EmailTemplate }) {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const draft = useDebouncedValue({ label: template.label, status: template.status, subject, body }, 400);
  const preview = useQuery({ ...emailPreviewQuery(token, draft), retry: false });
  const onStored = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: emailTemplatesKey });
    notify(message, { variant: 'success' });
  };
  const save = useMutation({
    mutationFn: () => saveEmailTemplate(token, template.label, template.status, { subject, body }),
    onSuccess: () => onStored('Decision email saved'),
  });
  const reset = useMutation({
    mutationFn: () => resetEmailTemplate(token, template.label, template.status),
    onSuccess: () => onStored("Decision email back to the product's text"),
  });
  const error = save.error ?? reset.error;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Stack spacing={2}>
        <TextField label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} fullWidth />
        <TextField label="Text" value={body} onChange={(event) => setBody(event.target.value)} helperText={placeholderHint} multiline minRows={8} fullWidth />
        {error && <Alert severity="error">{error.message}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
            Save
          </Button>
          <Button onClick={() => reset.mutate()} disabled={reset.isPending || template.is_default}>
            Reset to default
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {template.is_default ? "The product's text." : `Changed by ${template.updated_by ?? 'staff'}.`}
        </Typography>
      </Stack>
      <Box aria-label="Preview" role="region">
        {preview.error ? (
          <Alert severity="warning">{preview.error.message}</Alert>
        ) : (
          <>
            <Typography variant="subtitle2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {preview.data ? `Subject: ${preview.data.subject}` : 'Preview…'}
            </Typography>
            {preview.data && (
              <Box component="iframe" title="Email preview" sandbox="" srcDoc={preview.data.html} sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', bgcolor: '#fff' }} />
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
