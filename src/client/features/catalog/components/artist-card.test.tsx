import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { anArtist } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { ArtistCard } from './artist-card.js';

describe('ArtistCard', () => {
  it('is a button named after the artist that opens it from the keyboard', async () => {
    const artist = anArtist({ name: 'Nora Vale', labels: ['buildit-deep'] });
    const onClick = vi.fn();
    renderWithApp(<ArtistCard artist={artist} onClick={onClick} showLabels />);

    const card = screen.getByRole('button', { name: /^Nora Vale/ });
    expect(screen.getByText('Build It Deep')).toBeTruthy();
    card.focus();
    await setupUser().keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledWith(artist);
  });

  it('is no button without a click handler', () => {
    renderWithApp(<ArtistCard artist={anArtist({ name: 'Sam Reed' })} />);
    expect(screen.getByText('Sam Reed')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
