import { describe, expect, it } from 'vitest';
import { detectRemix } from './remix.js';

const remixBy = (remixer: string | null) => ({ isRemix: true, remixer });
const noRemix = { isRemix: false, remixer: null };

describe('detectRemix: docs/product.md §5 patterns', () => {
  it('finds a remix in parentheses', () => {
    expect(detectRemix('Song (Vendo Remix)')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Step Outside (Lex & Wood & Robisto Remix)')).toEqual(remixBy('Lex & Wood & Robisto'));
  });

  it('finds a remix in brackets', () => {
    expect(detectRemix('Song [Vendo Remix]')).toEqual(remixBy('Vendo'));
  });

  it('finds "rmx" in any case', () => {
    expect(detectRemix('Song (Vendo Rmx)')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song (Vendo RMX)')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song [Vendo rmx]')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song - Vendo RMX')).toEqual(remixBy('Vendo'));
  });

  it('finds a remix after a dash (hyphen, en dash or em dash)', () => {
    expect(detectRemix('Song - Vendo Remix')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song – Vendo Remix')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song — Vendo Remix')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Step Outside - Mike Kelly SA Remix')).toEqual(remixBy('Mike Kelly SA'));
  });

  it('credits the part after the last dash', () => {
    expect(detectRemix('Up - Down - Vendo Remix')).toEqual(remixBy('Vendo'));
  });

  it('keeps hyphens inside a name', () => {
    expect(detectRemix('Song - Jean-Luc Remix')).toEqual(remixBy('Jean-Luc'));
  });

  it('finds a remix in quotes', () => {
    expect(detectRemix("Song 'Vendo Remix'")).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song "Vendo Remix"')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song “Vendo Remix”')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song ‘Vendo Remix’')).toEqual(remixBy('Vendo'));
    expect(detectRemix("Song 'Vendo's Remix'")).toEqual(remixBy("Vendo's"));
  });

  it('does not take an apostrophe for an opening quote', () => {
    expect(detectRemix("Don't Stop 'Vendo Remix'")).toEqual(remixBy('Vendo'));
    expect(detectRemix("Don't You Know - Jeromy Nail Remix")).toEqual(remixBy('Jeromy Nail'));
    expect(detectRemix("Don't Stop (Vendo Remix)")).toEqual(remixBy('Vendo'));
  });

  it('reads a bare mix version, as the distributor export writes it', () => {
    expect(detectRemix('Vendo Remix')).toEqual(remixBy('Vendo'));
    expect(detectRemix('vendo remix')).toEqual(remixBy('vendo'));
    expect(detectRemix('Overtracked & Seconds Remix')).toEqual(remixBy('Overtracked & Seconds'));
    expect(detectRemix('Gruv1 Remix')).toEqual(remixBy('Gruv1'));
  });

  it('is case-insensitive for the word itself and keeps the name as written', () => {
    expect(detectRemix('Song (BELLO REMIX)')).toEqual(remixBy('BELLO'));
    expect(detectRemix('Song (the pups remix)')).toEqual(remixBy('the pups'));
  });

  it('takes the first parenthesis that holds a remix', () => {
    expect(detectRemix('Song (feat. Ana) (Vendo Remix)')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song (Vendo Remix) [Extended]')).toEqual(remixBy('Vendo'));
  });

  it('allows words after the remix inside the delimiters', () => {
    expect(detectRemix('Song (Vendo Remix Edit)')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song [Vendo Remix - Radio Edit]')).toEqual(remixBy('Vendo'));
  });

  it('reads "remixed by" / "remix by" credits, with the name after the word', () => {
    expect(detectRemix('Song (Remixed by Vendo)')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song [Remix by Vendo]')).toEqual(remixBy('Vendo'));
    expect(detectRemix('Song - Remixed by Vendo')).toEqual(remixBy('Vendo'));
    expect(detectRemix("Song (Remixed by Vendo's Crew)")).toEqual(remixBy("Vendo's Crew"));
  });
});

describe('detectRemix: a remix without a named remixer', () => {
  it('is a remix whose remixer is unknown', () => {
    expect(detectRemix('Remix')).toEqual(remixBy(null));
    expect(detectRemix('Song (Remix)')).toEqual(remixBy(null));
    expect(detectRemix('Song [RMX]')).toEqual(remixBy(null));
    expect(detectRemix('Song - Remix')).toEqual(remixBy(null));
    expect(detectRemix("Song 'Remix'")).toEqual(remixBy(null));
  });

  it('does not take mix descriptors for a remixer', () => {
    expect(detectRemix('Extended Remix')).toEqual(remixBy(null));
    expect(detectRemix('Song (Radio Remix)')).toEqual(remixBy(null));
    expect(detectRemix('Song - Official Remix')).toEqual(remixBy(null));
    expect(detectRemix('Song (Club Dub Remix)')).toEqual(remixBy(null));
  });
});

describe('detectRemix: no remix', () => {
  it('is no remix for titles without the word', () => {
    expect(detectRemix('No More')).toEqual(noRemix);
    expect(detectRemix('Song (Extended Mix)')).toEqual(noRemix);
    expect(detectRemix('Original Mix')).toEqual(noRemix);
    expect(detectRemix('VIP Mix')).toEqual(noRemix);
    expect(detectRemix('Radio Edit')).toEqual(noRemix);
  });

  it('is no remix for empty input', () => {
    expect(detectRemix('')).toEqual(noRemix);
    expect(detectRemix(null)).toEqual(noRemix);
    expect(detectRemix(undefined)).toEqual(noRemix);
  });

  it('does not read "Remixes" or "Remixed" titles as a remix credit', () => {
    // Remix EPs in the distributor export are titled like this; the words name the release, not a remixer.
    expect(detectRemix("Don't You Know Remixes")).toEqual(noRemix);
    expect(detectRemix('Step Outside Remixes')).toEqual(noRemix);
    expect(detectRemix('Song (Remixes)')).toEqual(noRemix);
    expect(detectRemix('Song [Vendo Remixes]')).toEqual(noRemix);
    expect(detectRemix('Remixed & Remastered')).toEqual(noRemix);
    expect(detectRemix('Song - Remixed')).toEqual(noRemix);
  });

  it('needs the word on its own', () => {
    expect(detectRemix('Premix')).toEqual(noRemix);
    expect(detectRemix('VendoRemix')).toEqual(noRemix);
    expect(detectRemix('Song (Premix)')).toEqual(noRemix);
  });

  it('still finds the credit in a remix EP track title', () => {
    expect(detectRemix("Don't You Know Remixes - Jeromy Nail Remix")).toEqual(remixBy('Jeromy Nail'));
    expect(detectRemix("Don't You Know Remixes (Jeromy Nail Remix)")).toEqual(remixBy('Jeromy Nail'));
  });
});
