import { Chip, type ChipProps } from '@mui/material';
import type { DemoStatus } from '../../../../shared/api/demos.js';

/** A status in words. */
export const demoStatusLabels: Readonly<Record<DemoStatus, string>> = {
  new: 'New',
  listening: 'Listening',
  shortlisted: 'Shortlisted',
  accepted: 'Accepted',
  declined: 'Declined',
};

/** The button that moves a demo to a status; no move leads back to new (shared/domain/demo-status.ts). */
export const demoStatusActions: Readonly<Partial<Record<DemoStatus, string>>> = {
  listening: 'Start listening',
  shortlisted: 'Shortlist',
  accepted: 'Accept',
  declined: 'Decline',
};

const colors: Readonly<Record<DemoStatus, ChipProps['color']>> = {
  new: 'info',
  listening: 'warning',
  shortlisted: 'secondary',
  accepted: 'success',
  declined: 'default',
};

export function DemoStatusChip({ status }: { status: DemoStatus }) {
  return <Chip label={demoStatusLabels[status]} color={colors[status]} size="small" variant={status === 'new' ? 'filled' : 'outlined'} />;
}
