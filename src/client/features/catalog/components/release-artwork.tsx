import { Box, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';
import { generatedImageSrcSet } from '../../../../shared/generated-images.js';

/** The width a card's artwork takes in the grids (2 columns on phones, 4 to 5 beside the drawer). */
export const cardArtworkSizes = '(min-width: 900px) 22vw, (min-width: 600px) 33vw, 50vw';

/** Up to two initials of a title ("No More (Extended Mix)" → "NM"). */
export function titleInitials(title: string): string {
  const words = title.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/**
 * Square cover art of a release. A release without artwork (or whose image fails to load) shows a
 * neutral box with the title's initials: nothing is invented in its place.
 */
export function ReleaseArtwork({
  title,
  artworkUrl,
  isPriority = false,
  sizes = cardArtworkSizes,
  sx,
}: {
  title: string;
  artworkUrl: string | null | undefined;
  /** The page's main picture (its largest paint): fetched at once, not when scrolled near. */
  isPriority?: boolean;
  /** How wide it shows (the `sizes` of its `srcset`): a card's width in the grids unless said. */
  sizes?: string;
  sx?: SxProps<Theme>;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(artworkUrl) && failedUrl !== artworkUrl;
  const frame: SxProps<Theme> = [
    { position: 'relative', width: '100%', aspectRatio: '1 / 1', borderRadius: 1, overflow: 'hidden', flexShrink: 0 },
    ...(Array.isArray(sx) ? sx : [sx]),
  ];
  if (showImage && artworkUrl) {
    return (
      <Box sx={frame}>
        <Box
          component="img"
          src={artworkUrl}
          // Generated artwork comes in WebP copies of several widths; the browser takes the one it needs.
          srcSet={generatedImageSrcSet(artworkUrl)}
          sizes={sizes}
          // Square: the layout keeps its place before the picture arrives (no shift).
          width={640}
          height={640}
          alt={`${title} cover art`}
          // The page's main picture is fetched at once (React writes a preload for it into the first
          // HTML); the others when scrolled near.
          loading={isPriority ? 'eager' : 'lazy'}
          fetchPriority={isPriority ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailedUrl(artworkUrl)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      </Box>
    );
  }
  return (
    <Box
      role="img"
      aria-label={`${title} cover art (not available)`}
      sx={[
        ...frame,
        {
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          // The initials are sized by the box (a 48 px thumbnail or a 640 px cover), so that they always fit.
          containerType: 'inline-size',
        },
      ]}
    >
      <Box component="span" sx={{ fontWeight: 700, fontSize: '32cqi', letterSpacing: '0.02em', lineHeight: 1 }}>
        {titleInitials(title)}
      </Box>
    </Box>
  );
}
