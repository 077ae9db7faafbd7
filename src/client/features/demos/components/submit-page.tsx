import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { siteConfig } from '../../../../shared/site-config.js';
import { labelFromParam } from '../../../lib/current-label.js';

/** SPEC §2 Submit page: title and guidelines. */
export function SubmitPage() {
  const { label: param } = useParams();
  const label = labelFromParam(param);
  if (!label) return <Typography sx={{ p: 3 }}>{`Invalid label: ${param ?? ''}`}</Typography>;
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 900 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {`Submit Demo to ${label.name}`}
      </Typography>
      <Typography variant="h6" component="h2">
        Guidelines
      </Typography>
      <List dense>
        {siteConfig.demos.guidelines.map((line) => (
          <ListItem key={line} disableGutters>
            <ListItemText primary={line} slotProps={{ primary: { color: 'text.secondary' } }} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
