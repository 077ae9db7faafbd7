import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { currentSiteSettings } from '../../../../shared/site-settings.js';
import { labelFromParam } from '../../../lib/current-label.js';
import { DemoForm } from './demo-form.js';

/** The submit page's guidelines (the admin's Site tab previews them). */
export function DemoGuidelines({ guidelines }: { guidelines: readonly string[] }) {
  return (
    <>
      <Typography variant="h6" component="h2">
        Guidelines
      </Typography>
      <List dense sx={{ mb: 3 }}>
        {guidelines.map((line) => (
          <ListItem key={line} disableGutters>
            <ListItemText primary={line} slotProps={{ primary: { color: 'text.secondary' } }} />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** docs/product.md §2 Submit page: title, guidelines and the demo form for the label in the path. */
export function SubmitPage() {
  const { label: param } = useParams();
  const label = labelFromParam(param);
  if (!label) return <Typography sx={{ p: 3 }}>{`Invalid label: ${param ?? ''}`}</Typography>;
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 960 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        {`Submit Demo to ${label.name}`}
      </Typography>
      <DemoGuidelines guidelines={currentSiteSettings().demos.guidelines} />
      {/* A new label starts a new form. */}
      <DemoForm key={label.id} labelId={label.id} />
    </Box>
  );
}
