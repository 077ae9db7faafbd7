import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aCredit, aRelease } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { ReleaseCard } from './release-card.js';

describe('ReleaseCard', () => {
  it('shows cover art, title, artists and year, and opens from the keyboard', async () => {
    const onClick = vi.fn();
    const user = setupUser({ pointerEventsCheck: 0 });
    const release = aRelease({
      title: 'Warehouse Sessions',
      artwork_url: '/media/releases/ws.jpg',
      release_date: '2023-09-01',
      artists: [aCredit({ name: 'Ada Lane' }), aCredit({ name: 'Kay Vo' })],
    });
    renderWithApp(<ReleaseCard release={release} onClick={onClick} />);

    const image = screen.getByRole('img', { name: 'Warehouse Sessions cover art' });
    expect(image.getAttribute('src')).toBe('/media/releases/ws.jpg');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(screen.getByText('Ada Lane, Kay Vo')).toBeTruthy();
    expect(screen.getByText('2023')).toBeTruthy();
    expect(screen.queryByText('Compilation')).toBeNull();

    await user.tab();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledWith(release);
  });

  it('shows the title initials without artwork and a chip for compilations', () => {
    renderWithApp(<ReleaseCard release={aRelease({ title: 'various grooves vol 2', type: 'compilation', artwork_url: null })} />);

    expect(screen.getByRole('img', { name: 'various grooves vol 2 cover art (not available)' }).textContent).toBe('VG');
    expect(screen.getByText('Compilation')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names the version in the title, "Various Artists" for a compilation and "Out {date}" for an upcoming release', () => {
    renderWithApp(
      <ReleaseCard
        release={aRelease({ title: 'Symbiotic', version: 'Radio Edit', type: 'compilation', upcoming: true, release_date: '2026-12-04', artists: [aCredit({ name: 'Ada Lane' }), aCredit({ name: 'Kay Vo' })] })}
      />,
    );

    expect(screen.getByText('Symbiotic (Radio Edit)')).toBeTruthy();
    expect(screen.getByText('Various Artists')).toBeTruthy();
    expect(screen.queryByText('Ada Lane, Kay Vo')).toBeNull();
    expect(screen.getByText('Out 4 Dec 2026')).toBeTruthy();
    expect(screen.queryByText('2026')).toBeNull();
  });
});
