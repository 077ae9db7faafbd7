import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArtistImage, artistPlaceholderImage } from './artist-image.js';

describe('ArtistImage', () => {
  it('loads lazily with its alt text and falls back to the placeholder when the picture fails', () => {
    const { rerender } = render(<ArtistImage src="/media/artists/nora.jpg" alt="Nora Vale" />);
    const image = screen.getByRole('img', { name: 'Nora Vale' });
    expect(image.getAttribute('src')).toBe('/media/artists/nora.jpg');
    expect(image.getAttribute('loading')).toBe('lazy');

    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(artistPlaceholderImage);
    // A failing placeholder does not loop.
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(artistPlaceholderImage);

    // Another artist's picture gets its own chance.
    rerender(<ArtistImage src="/media/artists/sam.jpg" alt="Sam Reed" />);
    expect(screen.getByRole('img', { name: 'Sam Reed' }).getAttribute('src')).toBe('/media/artists/sam.jpg');
  });

  it('shows the placeholder when the artist has no picture', () => {
    render(<ArtistImage src={null} alt="Nora Vale" />);
    expect(screen.getByRole('img', { name: 'Nora Vale' }).getAttribute('src')).toBe(artistPlaceholderImage);
  });
});
