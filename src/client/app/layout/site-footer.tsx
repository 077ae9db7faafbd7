import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { siteName } from '../../../shared/site-settings.js';
import { drawerWidth } from './layout-constants.js';

/** Under every public page: what the site stores and why is one click away (issue 25, /legal). */
export function SiteFooter() {
  return (
    <Box
      component="footer"
      sx={{
        px: { xs: 2, md: 4 },
        pt: 3,
        // Clear of the player bar when it shows.
        pb: 'calc(24px + var(--player-bar-height, 0px))',
        mt: 4,
        ml: { md: `${drawerWidth}px` },
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {`© ${siteName()}`}
      </Typography>
      <Link component={RouterLink} to="/legal" variant="body2">
        Terms of Service
      </Link>
      <Link component={RouterLink} to="/legal?tab=privacy" variant="body2">
        Privacy Policy
      </Link>
    </Box>
  );
}
