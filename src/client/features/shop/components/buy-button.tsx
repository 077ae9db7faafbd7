import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { releaseDay, releaseTitle } from '../../../../shared/domain/release-display.js';
import { trackTitle } from '../../../../shared/domain/track-title.js';
import { listInWords, quoted } from '../../../../shared/domain/words.js';
import { lazyDialog } from '../../../lib/lazy-dialog.js';
import type { BuyReleaseProps } from '../../../lib/shop-slot.js';
import { buyLabel, money, vipPriceNote } from './money.js';
import { useMemberDiscount } from './use-member-discount.js';

/** The form loads when first opened: a release page carries the button, not the form, its schema or MUI's Dialog (docs/decisions/0106). */
const BuyDialog = lazyDialog(async () => (await import('./shop-buy-dialog.js')).BuyDialog);

/**
 * A release for sale on its page (issue 36): "Buy €7.99", "Free download" or "Name your price" with its
 * least amount; an upcoming one is a pre-order, paid now and downloaded from its release moment, but for
 * the tracks staff made instant grats: the note names those, downloaded at once. A VIP
 * member's price is noted once this tab knows the member (the dialog asked): the page itself asks nothing.
 * A track sold alone: a small "Buy €1.29", "Free" or "Name your price" on its row, opening the same form.
 */
export function BuyButton({ release, track }: BuyReleaseProps) {
  const [isOpen, setIsOpen] = useState(false);
  const member = useMemberDiscount(false);
  const price = track ? track.price : release.price;
  if (!(track ?? release).for_sale || !price) return null;
  const dialog = <BuyDialog open={isOpen} onClose={() => setIsOpen(false)} release={release} track={track} />;
  if (track) {
    const label = buyLabel(price, release.upcoming, 'Free');
    return (
      <>
        <Button size="small" variant="outlined" aria-label={`${label}: ${trackTitle(track)}`} onClick={() => setIsOpen(true)} sx={{ ml: 0.5, py: 0, whiteSpace: 'nowrap' }}>
          {label}
        </Button>
        {dialog}
      </>
    );
  }
  const title = releaseTitle(release);
  const instantGrats = (release.tracks ?? []).filter((track) => track.instant_grat).map((track) => quoted(trackTitle(track)));
  const notes = [
    price.pay_what_you_want && (price.amount > 0 ? `${money(price.amount, price.currency)} or more` : 'Any amount, or nothing'),
    vipPriceNote(price, member.percent),
    release.upcoming &&
      `Pre-order: ${price.amount > 0 || price.pay_what_you_want ? 'you pay now, and ' : ''}the download email arrives when it comes out${release.release_date ? ` on ${releaseDay(release.release_date)}` : ''}.`,
    release.upcoming && instantGrats.length > 0 && `${listInWords(instantGrats)} ${instantGrats.length === 1 ? 'downloads' : 'download'} at once.`,
  ].filter((note): note is string => Boolean(note));
  return (
    <Box component="section" aria-label={`Buy ${title} from the label`}>
      <Button variant="contained" onClick={() => setIsOpen(true)}>
        {buyLabel(price, release.upcoming)}
      </Button>
      {notes.map((note) => (
        <Typography key={note} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {note}
        </Typography>
      ))}
      {dialog}
    </Box>
  );
}
