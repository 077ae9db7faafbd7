import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { ReleaseType } from '../../../../shared/domain/release-type.js';

export type ReleaseTypeChoice = 'all' | ReleaseType;

const choices: { value: ReleaseTypeChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'album', label: 'Albums' },
  { value: 'ep', label: 'EPs' },
  { value: 'single', label: 'Singles' },
  { value: 'compilation', label: 'Compilations' },
];

/** docs/product.md §2: the headings follow the type filter (Top Albums, All Singles…). */
export function releaseHeadings(type: ReleaseTypeChoice): { top: string; all: string } {
  const noun = type === 'all' ? 'Releases' : (choices.find((c) => c.value === type)?.label ?? 'Releases');
  return { top: `Top ${noun}`, all: `All ${noun}` };
}

/** All / Albums / EPs / Singles / Compilations. */
export function ReleaseTypeFilter({ value, onChange }: { value: ReleaseTypeChoice; onChange: (value: ReleaseTypeChoice) => void }) {
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      size="small"
      aria-label="Release type"
      onChange={(_, next: ReleaseTypeChoice | null) => {
        if (next) onChange(next);
      }}
      sx={{ flexWrap: 'wrap' }}
    >
      {choices.map((choice) => (
        <ToggleButton key={choice.value} value={choice.value} sx={{ px: 2, textTransform: 'none' }}>
          {choice.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
