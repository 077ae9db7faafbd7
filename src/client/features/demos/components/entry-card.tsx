import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { IconButton, Paper, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** One artist or track of the form, named by its heading; removable only when onRemove is given. */
export function EntryCard({ title, onRemove, children }: { title: string; onRemove?: () => void; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" role="group" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, minHeight: 40 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {onRemove && (
          <IconButton aria-label={`Remove ${title.toLowerCase()}`} onClick={onRemove} edge="end">
            <DeleteOutlineIcon />
          </IconButton>
        )}
      </Stack>
      {children}
    </Paper>
  );
}
