import { Link } from '@mui/material';

export const mainContentId = 'main-content';

/** WCAG 2.4.1: the first stop of the keyboard jumps past the tabs and the drawer; shown only while focused. */
export function SkipLink() {
  return (
    <Link
      href={`#${mainContentId}`}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 700,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Link>
  );
}
