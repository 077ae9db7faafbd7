import { Box, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';
import { generatedImageSrcSet } from '../../../../shared/generated-images.js';

/** docs/product.md §8 Images: an artist picture that fails to load shows this placeholder instead. */
export const artistPlaceholderImage = '/media/placeholder-artist.svg';

interface ArtistImageProps {
  src: string | null | undefined;
  /** Empty when the artist's name is written right beside the picture. */
  alt: string;
  shape?: 'square' | 'circle';
  /** Above the fold on its page (its largest paint): fetched at once, not when scrolled near. */
  isPriority?: boolean;
  /** How wide it shows (the `sizes` of its `srcset`): a card's width in the artists grid unless said. */
  sizes?: string;
  sx?: SxProps<Theme>;
}

/** A lazily loaded artist picture, square by default, filling the width it is given. */
export function ArtistImage({ src, alt, shape = 'square', isPriority = false, sizes = '(min-width: 900px) 22vw, (min-width: 600px) 33vw, 50vw', sx }: ArtistImageProps) {
  // The source that failed, so that a new source gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = !src || failedSrc === src ? artistPlaceholderImage : src;
  return (
    <Box
      component="img"
      src={shown}
      // Generated pictures come in WebP copies of several widths; the browser takes the one it needs.
      srcSet={generatedImageSrcSet(shown)}
      sizes={sizes}
      // Square: the layout keeps its place before the picture arrives (no shift).
      width={640}
      height={640}
      alt={alt}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : 'auto'}
      decoding="async"
      onError={() => {
        if (src && shown === src) setFailedSrc(src);
      }}
      sx={[
        {
          display: 'block',
          width: '100%',
          // The width and height attributes give the ratio before the picture arrives; CSS gives the size.
          height: 'auto',
          aspectRatio: '1 / 1',
          objectFit: 'cover',
          bgcolor: 'action.hover',
          borderRadius: shape === 'circle' ? '50%' : 1,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
