import { Tab, Tabs } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { labels } from '../../../shared/labels.js';
import { labelFromPath, labelPath } from '../../lib/current-label.js';
import { accentText } from '../../lib/readable-colour.js';

/** docs/product.md §2: three tabs, each in its label's accent; selecting one opens that label's landing page. */
export function LabelTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = labelFromPath(pathname);
  return (
    <Tabs
      value={current.id}
      onChange={(_event, id: string) => {
        const label = labels.find((l) => l.id === id);
        if (label) void navigate(labelPath(label));
      }}
      aria-label="Labels"
      variant="scrollable"
      scrollButtons={false}
      slotProps={{ indicator: { sx: { backgroundColor: (t) => accentText(t, current.accent), height: 3 } } }}
      sx={{
        minHeight: 64,
        '& .MuiTab-root': { minHeight: 64, minWidth: 0, px: { xs: 1.25, sm: 3 }, fontWeight: 700, letterSpacing: 1 },
      }}
    >
      {labels.map((label) => (
        <Tab
          key={label.id}
          value={label.id}
          label={label.short}
          sx={{ color: 'text.secondary', '&.Mui-selected': { color: (t) => accentText(t, label.accent) } }}
        />
      ))}
    </Tabs>
  );
}
