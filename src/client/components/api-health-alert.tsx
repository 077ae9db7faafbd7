import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, Collapse, IconButton, Typography, type AlertColor, type SxProps, type Theme } from '@mui/material';
import { useId, useState } from 'react';
import type { ApiHealthState, ApiHealthStatus } from '../lib/use-api-health.js';

/** How the alert shows, as api-health-monitor.tsx passes it on. */
export interface ApiHealthLook {
  /** Start with the details (message, last check) open. */
  defaultExpanded?: boolean;
  /** Render in the page flow instead of as an overlay at the bottom centre. */
  inline?: boolean;
  sx?: SxProps<Theme>;
}

const looks: Record<ApiHealthStatus, { severity: AlertColor; title: string }> = {
  unknown: { severity: 'info', title: 'Checking API…' },
  healthy: { severity: 'success', title: 'API healthy' },
  degraded: { severity: 'warning', title: 'API degraded' },
  down: { severity: 'error', title: 'API down' },
};

// Bottom centre: clear of the debug chip (bottom right) and the drawer; snackbars pass over it.
const overlay = {
  position: 'fixed',
  bottom: 'calc(12px + var(--player-bar-height, 0px))',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 'appBar',
  width: 'max-content',
  maxWidth: 'min(400px, calc(100vw - 24px))',
  bgcolor: 'background.paper',
} as const;

/** The health alert of api-health-monitor.tsx, loaded when it first shows. */
export default function ApiHealthAlert({ health, defaultExpanded = false, inline = false, sx }: ApiHealthLook & { health: ApiHealthState }) {
  const [isExpanded, setExpanded] = useState(defaultExpanded);
  const detailsId = useId();
  const isProblem = health.status === 'degraded' || health.status === 'down';

  const { severity, title } = looks[health.status];
  return (
    <Alert
      severity={severity}
      variant="outlined"
      role={isProblem ? 'alert' : 'status'}
      // The message box must not clip its Check now button (MUI gives it overflow: auto).
      sx={[{ py: 0, '& .MuiAlert-message': { flexGrow: 1, minWidth: 0, overflow: 'visible' } }, !inline && overlay, ...(Array.isArray(sx) ? sx : [sx])]}
      action={
        <IconButton
          size="small"
          color="inherit"
          aria-label={isExpanded ? 'Hide API status details' : 'Show API status details'}
          aria-expanded={isExpanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((open) => !open)}
        >
          {isExpanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </IconButton>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: '30px' }}>
        {title}
      </Typography>
      <Collapse in={isExpanded} id={detailsId} unmountOnExit>
        <Box sx={{ pb: 1 }}>
          {health.message && <Typography variant="body2">{health.message}</Typography>}
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            {health.lastChecked === undefined
              ? 'Not checked yet'
              : `Last checked: ${new Date(health.lastChecked).toLocaleTimeString()}`}
          </Typography>
          <Button size="small" color="inherit" disabled={health.isChecking} onClick={health.recheck} sx={{ mt: 0.5 }}>
            {health.isChecking ? 'Checking…' : 'Check now'}
          </Button>
        </Box>
      </Collapse>
    </Alert>
  );
}
