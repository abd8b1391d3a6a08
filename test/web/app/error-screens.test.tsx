// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '@web/app/errors/app-error-boundary';
import { RouteErrorScreen } from '@web/app/errors/route-error-screen';

function Throws({ error }: { error: Error }): never {
  throw error;
}

const renderRoute = (error: Error) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Throws error={error} />, errorElement: <RouteErrorScreen /> }])} />);

describe('the error screens', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("offers 'Update Available' with both reloads when a page's code failed to load", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(screen.getByRole('heading', { name: 'Update Available' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear Cache & Reload' })).toBeTruthy();
  });

  it("says 'Something Went Wrong' for any other error, with its details", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute(new RangeError('strike out of range'));
    expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toBeTruthy();
    expect(screen.getByText('Details').closest('details')?.textContent).toContain('RangeError: strike out of range');
    expect(screen.queryByRole('button', { name: 'Clear Cache & Reload' })).toBeNull();
  });

  it("shows the generic panel outside the router: 'Something went wrong', details, 'Reload Page'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(
      <AppErrorBoundary>
        <Throws error={new Error('provider exploded')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    await userEvent.click(screen.getByText('Details'));
    expect(screen.getByText('Error: provider exploded')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});
