import { Alert, Box } from '@mui/material';
import { useWatch, type Control } from 'react-hook-form';
import type { AdminReleaseDetail } from '../../../../shared/api/admin-releases.js';
import { saleBlockers, type SaleBlocker } from '../../../../shared/domain/for-sale.js';
import { PriceFields } from './price-fields.js';
import type { ReleaseFormValues } from './release-form.js';
import { ReleaseFormSection } from './release-form-sections.js';

/** What staff still have to do, in their words (the shop's rule, src/shared/domain/for-sale.ts). */
const todo = (blocker: SaleBlocker) =>
  blocker.kind === 'draft'
    ? 'it is a draft: publish it'
    : blocker.kind === 'tracks'
      ? 'it has no tracks'
      : blocker.kind === 'masters'
        ? `${blocker.count} ${blocker.count === 1 ? 'track has' : 'tracks have'} no master uploaded: upload ${blocker.count === 1 ? 'it' : 'them'} under Tracks`
        : 'choose a price';

/**
 * The release's price in the shop (issue 36, docs/decisions/0105), saved with the release, and what is missing for it
 * to be for sale: the form's status and tracks as they are now, with the masters the server has.
 */
export function ReleasePriceSection({ control, release }: { control: Control<ReleaseFormValues>; release: AdminReleaseDetail | undefined }) {
  const [price, status, tracks] = useWatch({ control, name: ['price', 'status', 'tracks'] });
  const tracksWithoutMaster = tracks.filter((track) => !release?.tracks.find((stored) => stored.id === track.id)?.audio).length;
  const blockers = saleBlockers({ price: price.kind === 'none' ? null : { amount: 0, currency: price.currency, pay_what_you_want: false }, status, trackCount: tracks.length, tracksWithoutMaster });
  return (
    <ReleaseFormSection title="Price">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
        <PriceFields control={control} name="price" noneLabel="Not sold" />
      </Box>
      {price.kind === 'none' ? (
        <Alert severity="info">Not sold: the release page has no Buy button.</Alert>
      ) : blockers.length > 0 ? (
        <Alert severity="warning">{`Not for sale yet: ${blockers.map(todo).join('; ')}.`}</Alert>
      ) : (
        <Alert severity="success">For sale: the release page has a Buy button.</Alert>
      )}
    </ReleaseFormSection>
  );
}
