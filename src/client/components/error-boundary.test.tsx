import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { debugLog } from '../lib/debug-log.js';
import { ErrorBoundary, ErrorScreen } from './error-boundary.js';
import { setupUser } from '../../../tests/helpers/render.js';

let shouldThrow = true;

function Fragile() {
  if (shouldThrow) throw new Error('Cannot read the release list');
  return <p>Releases loaded</p>;
}

// React reports errors that a boundary caught through onCaughtError (console.error by default).
const caught = vi.fn();
const options = { onCaughtError: caught };

beforeEach(() => {
  shouldThrow = true;
  caught.mockClear();
  debugLog.clear();
});

describe('ErrorBoundary', () => {
  it('shows the error screen with the error text', () => {
    render(<ErrorBoundary><Fragile /></ErrorBoundary>, options);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Cannot read the release list')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.queryByText('Releases loaded')).toBeNull();
    expect(caught).toHaveBeenCalledOnce();
    expect(debugLog.getSnapshot().map((entry) => entry.message)).toEqual([
      expect.stringMatching(/^Render error: Cannot read the release list/),
    ]);
  });

  it('Try Again renders the children again', async () => {
    const onReset = vi.fn();
    render(<ErrorBoundary onReset={onReset}><Fragile /></ErrorBoundary>, options);
    shouldThrow = false;
    await setupUser().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Releases loaded')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('Try Again shows the screen again when the child still fails', async () => {
    render(<ErrorBoundary><Fragile /></ErrorBoundary>, options);
    await setupUser().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(caught).toHaveBeenCalledTimes(2);
  });

  it('a change of reset keys (navigation) clears the error', () => {
    const { rerender } = render(<ErrorBoundary resetKeys={['/records']}><Fragile /></ErrorBoundary>, options);
    rerender(<ErrorBoundary resetKeys={['/records']}><Fragile /></ErrorBoundary>);
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    shouldThrow = false;
    rerender(<ErrorBoundary resetKeys={['/tech']}><Fragile /></ErrorBoundary>);
    expect(screen.getByText('Releases loaded')).toBeTruthy();
  });

  it('shows a thrown non-error value as text', () => {
    function ThrowsText(): never {
      throw 'Label config missing';
    }
    render(<ErrorBoundary><ThrowsText /></ErrorBoundary>, options);
    expect(screen.getByText('Label config missing')).toBeTruthy();
  });
});

describe('ErrorScreen', () => {
  it('calls onReset from Try Again', async () => {
    const onReset = vi.fn();
    render(<ErrorScreen error={new Error('Route failed')} onReset={onReset} />);
    expect(screen.getByText('Route failed')).toBeTruthy();
    await setupUser().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onReset).toHaveBeenCalledOnce();
  });
});
