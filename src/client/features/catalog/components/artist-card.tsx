import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { Artist } from '../../../../shared/api/catalog.js';
import { findLabel } from '../../../../shared/labels.js';
import { ArtistImage } from './artist-image.js';

interface ArtistCardProps {
  artist: Artist;
  onClick?: (artist: Artist) => void;
  /** Chips naming the labels the artist has released on. */
  showLabels?: boolean;
  /** Among the first cards a visitor sees: its picture is fetched at once. */
  isPriority?: boolean;
}

/** An artist's picture and name; a button when it can be opened. */
export function ArtistCard({ artist, onClick, showLabels = false, isPriority = false }: ArtistCardProps) {
  const content = (
    <>
      {/* The name is written below, so the picture adds nothing for a screen reader. */}
      <ArtistImage src={artist.image_url} alt="" isPriority={isPriority} sx={{ borderRadius: 0 }} />
      <CardContent component="span" sx={{ display: 'block', p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="subtitle1" component="span" noWrap title={artist.name} sx={{ display: 'block', fontWeight: 600 }}>
          {artist.name}
        </Typography>
        {showLabels && artist.labels.length > 0 && (
          <Stack component="span" direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {artist.labels.map((id) => {
              const label = findLabel(id);
              return (
                <Chip
                  key={id}
                  component="span"
                  size="small"
                  label={label?.name ?? id}
                  variant="outlined"
                  sx={{ borderColor: label?.accent, color: 'text.secondary' }}
                />
              );
            })}
          </Stack>
        )}
      </CardContent>
    </>
  );
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', transition: 'border-color 150ms', '&:hover': onClick ? { borderColor: 'primary.main' } : undefined }}
    >
      {onClick ? (
        <CardActionArea onClick={() => onClick(artist)} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        <Box>{content}</Box>
      )}
    </Card>
  );
}
