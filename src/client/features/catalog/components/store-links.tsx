import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Typography } from '@mui/material';
import type { StoreLink } from '../../../../shared/domain/store-links.js';

/** "Buy / Stream": one button per store, named by the service (never an icon alone), opening in a new tab. */
export function StoreLinks({ links, releaseTitle }: { links: StoreLink[]; releaseTitle: string }) {
  if (links.length === 0) return null;
  return (
    <Box component="section" aria-label={`Buy or stream ${releaseTitle}`}>
      <Typography variant="overline" component="h3" sx={{ display: 'block', lineHeight: 2, color: 'text.secondary', fontWeight: 700 }}>
        Buy / Stream
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {links.map((link) => (
          <Button
            key={link.name}
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            size="small"
            endIcon={<OpenInNewIcon fontSize="small" aria-hidden />}
          >
            {link.name}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
