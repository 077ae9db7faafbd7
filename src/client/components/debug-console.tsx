import BugReportIcon from '@mui/icons-material/BugReport';
import { Box, Button, Chip, Paper, Stack, Typography, type Theme } from '@mui/material';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { apiBase, apiUrl } from '../lib/api-client.js';
import { debugLog, type DebugLevel } from '../lib/debug-log.js';
import { healthTimeoutMs, timeoutSignal } from '../lib/use-api-health.js';

// The debug panel's console (docs/product.md §2 Layout), loaded by debug-panel.tsx only where the panel exists.

const levelColours: Record<DebugLevel, string> = { info: 'info.main', warn: 'warning.main', error: 'error.main' };

/** Logs the API base and what GET /health answers. */
async function testApiConfig() {
  const url = apiUrl('/health');
  debugLog.info(`API base: ${apiBase}`);
  const timeout = timeoutSignal(healthTimeoutMs);
  try {
    const res = await fetch(url, { signal: timeout.signal, headers: { Accept: 'application/json' } });
    const text = await res.text();
    const log = res.ok ? debugLog.info : debugLog.error;
    log(`GET ${url}: ${res.status} ${res.statusText}`.trim());
    log(`Answer: ${text.slice(0, 500) || '(empty)'}`);
  } catch (err) {
    const reason = timeout.signal.aborted ? `no answer within ${healthTimeoutMs / 1000} s` : String(err);
    debugLog.error(`GET ${url} failed: ${reason}`);
  } finally {
    timeout.done();
  }
}

/** Console overlay at the bottom right (docs/product.md §2 Layout); a small chip while minimized. */
export default function DebugConsole() {
  const [isExpanded, setExpanded] = useState(false);
  const entries = useSyncExternalStore(debugLog.subscribe, debugLog.getSnapshot, debugLog.getServerSnapshot);
  const listRef = useRef<HTMLOListElement>(null);

  // Keep the newest line in view, as a console does.
  useEffect(() => {
    if (listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [entries, isExpanded]);

  // Above the page, its app bar and drawers; under every dialog, menu and popover (MUI's modal layer)
  // and the snackbars: it never covers what the visitor opened.
  const place = {
    position: 'fixed',
    right: 12,
    bottom: 'calc(12px + var(--player-bar-height, 0px))',
    zIndex: (theme: Theme) => theme.zIndex.modal - 1,
  } as const;
  const errorCount = entries.filter((entry) => entry.level === 'error').length;

  if (!isExpanded) {
    return (
      <Chip
        icon={<BugReportIcon />}
        label={`Debug ${entries.length}`}
        color={errorCount > 0 ? 'error' : 'default'}
        size="small"
        onClick={() => setExpanded(true)}
        // The name starts with what the chip shows (WCAG 2.5.3, label in name): "Debug 3" is what a voice user says.
        aria-label={`Debug ${entries.length}: expand the debug panel (${entries.length} log entries)`}
        // Opaque and light on dark in both themes: it floats over any content (4.5:1, WCAG 2.2 AA).
        sx={{ ...place, ...(errorCount > 0 ? {} : { bgcolor: 'grey.900', color: 'common.white', '& .MuiChip-icon': { color: 'grey.300' } }) }}
      />
    );
  }

  return (
    <Paper
      component="section"
      aria-label="Debug panel"
      elevation={8}
      sx={{
        ...place,
        width: 'min(440px, calc(100vw - 24px))',
        maxHeight: 'min(50vh, 420px)',
        display: 'flex',
        flexDirection: 'column',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'grey.900',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5, px: 1.5, py: 1 }}>
        <Typography component="h2" variant="subtitle2" sx={{ flexGrow: 1 }}>
          Debug console
        </Typography>
        <Button size="small" variant="outlined" onClick={() => void testApiConfig()}>
          Test API Config
        </Button>
        <Button size="small" color="inherit" onClick={debugLog.clear}>
          Clear
        </Button>
        <Button size="small" color="inherit" onClick={() => setExpanded(false)}>
          Minimize
        </Button>
      </Stack>
      <Box
        component="ol"
        ref={listRef}
        aria-label="Log entries"
        sx={{ listStyle: 'none', m: 0, px: 1.5, pb: 1, overflowY: 'auto', fontFamily: 'monospace', fontSize: 12 }}
      >
        {entries.length === 0 && <Box component="li" sx={{ color: 'text.secondary' }}>No log entries</Box>}
        {entries.map((entry) => (
          <Box component="li" key={entry.id} sx={{ py: 0.25, overflowWrap: 'anywhere', color: levelColours[entry.level] }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {new Date(entry.time).toLocaleTimeString()}{' '}
            </Box>
            [{entry.level}] {entry.message}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
