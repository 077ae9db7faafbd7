import type { DemoStatus } from '../api/demos.js';

/**
 * Where a demo may go from each status (docs/product.md §10.7: new → listening → shortlisted → accepted /
 * declined). Declining is possible at any step before a verdict; accepting only after a shortlist;
 * accepted and declined are final, except that staff may undo either within 10 minutes
 * (POST /api/admin/demos/{id}/undo, docs/decisions/0060), which is no move of this table. The server refuses anything else and the admin screen offers
 * only these, so both read this one table.
 */
export const demoStatusTransitions: Readonly<Record<DemoStatus, readonly DemoStatus[]>> = {
  new: ['listening', 'declined'],
  listening: ['shortlisted', 'declined'],
  shortlisted: ['accepted', 'declined'],
  accepted: [],
  declined: [],
};

export function canMoveDemo(from: DemoStatus, to: DemoStatus): boolean {
  return demoStatusTransitions[from].includes(to);
}

export function refusedDemoMoveMessage(from: DemoStatus, to: DemoStatus): string {
  return `Cannot move a demo from ${from} to ${to}`;
}
