import { Box, Button, Typography } from '@mui/material';
import { Link, useLocation } from 'react-router';
import { labelFromPath, labelPath } from '../lib/current-label.js';
import { accentText } from '../lib/readable-colour.js';

/** docs/product.md §2: any unknown path. 'Return Home' goes to the current label's landing page. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const label = labelFromPath(pathname);
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 8, md: 14 }, px: 2 }}>
      <Typography variant="h1" component="p" aria-hidden sx={{ fontSize: { xs: 72, md: 120 }, fontWeight: 900, color: (t) => accentText(t, label.accent) }}>
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Page Not Found
      </Typography>
      <Button variant="contained" component={Link} to={labelPath(label)}>
        Return Home
      </Button>
    </Box>
  );
}
