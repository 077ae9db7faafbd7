import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp, setupUser } from '../../../../tests/helpers/render.js';
import { AppShell } from './app-shell.js';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

// The theme toggle is the app providers' (renderWithApp).
function Shell() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route path="*" element={<Where />} />
      </Route>
    </Routes>
  );
}

describe('AppShell', () => {
  it('picks the drawer of the first path segment, records by default', () => {
    renderWithApp(<Shell />, { path: '/deep/artists' });
    expect(screen.getAllByRole('navigation', { name: 'Build It Deep navigation' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'deep' })).toHaveProperty('ariaSelected', 'true');
  });

  it('falls back to the records drawer for other paths', () => {
    renderWithApp(<Shell />, { path: '/vip' });
    expect(screen.getAllByRole('navigation', { name: 'Build It Records navigation' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'records' })).toHaveProperty('ariaSelected', 'true');
  });

  it('opens the slide-in drawer with the hamburger and closes it after a navigation', async () => {
    const user = setupUser();
    renderWithApp(<Shell />, { path: '/tech' });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('presentation');
    await user.click(within(drawer).getByRole('link', { name: 'Releases' }));
    expect(await screen.findByText('at /tech/releases')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('presentation')).toBeNull());
  });

  it('collapses and expands the Social Media section', async () => {
    const user = setupUser();
    renderWithApp(<Shell />, { path: '/records' });
    const nav = screen.getAllByRole('navigation', { name: 'Build It Records navigation' })[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Instagram' }).getAttribute('target')).toBe('_blank');
    await user.click(within(nav).getByRole('button', { name: 'Social Media' }));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Instagram' })).toBeNull());
  });

  it('switches to the light theme and remembers it', async () => {
    const user = setupUser();
    renderWithApp(<Shell />, { path: '/records' });
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    // In a cookie, which the server reads to render the next page in it.
    expect(document.cookie).toContain('theme=light');
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(document.cookie).toContain('theme=dark');
  });

  it('has a footer linking the legal page and its privacy policy', async () => {
    const user = setupUser();
    renderWithApp(<Shell />, { path: '/tech/releases' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/legal');
    await user.click(within(footer).getByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByText('at /legal')).toBeTruthy();
  });
});
