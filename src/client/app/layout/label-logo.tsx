import { Box } from '@mui/material';
import type { LabelConfig } from '../../../shared/site-config.js';
import { logoHeaderHeight, logoWidth } from './layout-constants.js';
import { accentText } from '../../lib/readable-colour.js';

/** The label's logo its owner uploaded (decision 0102), else its word mark in its accent (desktop only, docs/product.md §2). */
export function LabelLogo({ label }: { label: LabelConfig & { logo: string | null } }) {
  const [first, ...rest] = label.name.split(' ');
  if (label.logo)
    return (
      <Box sx={{ height: logoHeaderHeight, display: { xs: 'none', md: 'flex' }, alignItems: 'center', px: 2.5 }}>
        <Box component="img" src={label.logo} alt={`${label.name} logo`} sx={{ maxWidth: logoWidth, maxHeight: logoHeaderHeight - 32, objectFit: 'contain' }} />
      </Box>
    );
  return (
    <Box
      sx={{ height: logoHeaderHeight, display: { xs: 'none', md: 'flex' }, alignItems: 'center', px: 2.5 }}
      aria-label={`${label.name} logo`}
      role="img"
    >
      <Box sx={{ width: logoWidth, lineHeight: 1, textTransform: 'uppercase' }}>
        <Box component="span" sx={{ display: 'block', fontSize: 30, fontWeight: 900, letterSpacing: 2, color: 'text.primary' }}>
          {[first, rest[0]].filter(Boolean).join(' ')}
        </Box>
        <Box component="span" sx={{ display: 'block', fontSize: 30, fontWeight: 900, letterSpacing: 2, color: (t) => accentText(t, label.accent) }}>
          {rest.slice(1).join(' ')}
        </Box>
      </Box>
    </Box>
  );
}
