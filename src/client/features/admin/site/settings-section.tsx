import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useId, type FormEventHandler, type ReactNode } from 'react';

interface Props {
  title: string;
  /** What the part sets, in a sentence under the title. */
  description: string;
  onSubmit: FormEventHandler;
  canSave: boolean;
  isSaving: boolean;
  failure: string | null;
  saveLabel: string;
  /** What the page looks like with the form's values, before they are saved. */
  preview: ReactNode;
  /** What the preview shows, in words ("The Build It Tech landing page"). */
  previewOf: string;
  children: ReactNode;
}

/**
 * One part of the Site tab: its form beside a live preview of the page it changes (under it on a
 * phone). The preview is a picture of the page: drawn by the site's own components, not used (inert).
 */
export function SettingsSection({ title, description, onSubmit, canSave, isSaving, failure, saveLabel, preview, previewOf, children }: Props) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }, alignItems: 'start' }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
          {children}
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button type="submit" variant="contained" disabled={!canSave} sx={{ justifySelf: { xs: 'stretch', sm: 'start' } }}>
            {isSaving ? 'Saving...' : saveLabel}
          </Button>
        </Box>
        <Box component="figure" sx={{ m: 0, position: { lg: 'sticky' }, top: { lg: 16 } }}>
          <Typography component="figcaption" variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
            {`Preview: ${previewOf}, as visitors will see it once saved`}
          </Typography>
          <Box inert sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'background.default' }}>
            {preview}
          </Box>
        </Box>
      </Box>
    </Paper>
  );
}
