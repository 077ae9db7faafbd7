import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in: the tiers whose files run longest first, so that the short component files
 * fill the workers at the end instead of a 25 s cluster file starting last (vitest's own order is the
 * projects' names, which put `ops` last). Within a tier, vitest's order: the slowest of the last run
 * first, or the largest file on a clean clone.
 */
const tierOrder = ['browser', 'ops', 'node', 'components'];

export class TierSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => tierOrder.indexOf(spec.project.name);
    // Array.prototype.sort is stable: within a tier, vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
