import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import type { AdminLabel } from '../../../../shared/api/admin-import.js';
import { formatCount as count } from '../components/admin-format.js';
import { FigureList } from '../components/figure-list.js';
import { accentText } from '../../../lib/readable-colour.js';

/** One label of the Labels tab: its live counts and "Import tracks" (Spotify enrichment). */
export function AdminLabelCard({
  label,
  canImport,
  disabledReasonId,
  onImportTracks,
}: {
  label: AdminLabel;
  canImport: boolean;
  /** The element that says why "Import tracks" is off, when it is. */
  disabledReasonId?: string;
  onImportTracks: () => void;
}) {
  const figures: [string, string][] = [
    ['Releases', count(label.releases)],
    ['Tracks', count(label.tracks)],
    ['Artists', count(label.artists)],
    ['Demos', `${count(label.demos_new)} new / ${count(label.demos_total)}`],
  ];
  return (
    <Card variant="outlined" component="section" aria-label={label.name} sx={{ borderTop: 4, borderTopColor: label.accent }}>
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ color: (t) => accentText(t, label.accent), fontWeight: 700 }}>
          {label.name}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <FigureList figures={figures} />
        </Box>
      </CardContent>
      <CardActions>
        <Button variant="outlined" onClick={onImportTracks} disabled={!canImport} aria-describedby={disabledReasonId}>
          Import tracks
        </Button>
      </CardActions>
    </Card>
  );
}
