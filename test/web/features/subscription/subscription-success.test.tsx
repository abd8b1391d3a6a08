// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionSuccessPage } from '@web/features/subscription/components/subscription-success-page';
import { couponFor, planFor } from '@web/features/subscription/lib/plans';

describe('planFor', () => {
  it('names the four plans with their prices', () => {
    expect(planFor('monthly')).toMatchObject({ name: 'Monthly Plan', price: '$29/month' });
    expect(planFor('yearly')).toMatchObject({ name: 'Annual Plan', price: '$290/year' });
    expect(planFor('pro')).toMatchObject({ name: 'Pro Plan', price: '$49/month' });
    expect(planFor('enterprise')).toMatchObject({ name: 'Enterprise Plan', price: '$199/month' });
  });

  it('defaults to monthly and falls back to monthly for an unknown plan', () => {
    expect(planFor(null).id).toBe('monthly');
    expect(planFor('platinum').id).toBe('monthly');
    expect(planFor('constructor').id).toBe('monthly');
    expect(planFor(' PRO ').id).toBe('pro');
  });

  it('shows a coupon code back only when it looks like one', () => {
    expect(couponFor('learn10')).toBe('LEARN10');
    expect(couponFor('<script>')).toBeNull();
    expect(couponFor(null)).toBeNull();
  });
});

describe('the subscription-success page', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const renderAt = (path: string) =>
    render(<RouterProvider router={createMemoryRouter([{ path: '/success', element: <SubscriptionSuccessPage /> }], { initialEntries: [path] })} />);

  it('processes for a second, then confirms the plan and the coupon', async () => {
    vi.useFakeTimers();
    renderAt('/success?plan=yearly&coupon=learn10');
    expect(screen.getByText('Processing your subscription...')).toBeTruthy();
    expect(screen.queryByTestId('plan-line')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('plan-line').textContent).toBe('Your Annual Plan ($290/year) is active.');
    expect(screen.getByTestId('coupon-line').textContent).toContain('LEARN10');
    expect(screen.getByRole('link', { name: 'Go to the app' }).getAttribute('href')).toBe('/app');
    expect(screen.getByRole('link', { name: 'Account settings' }).getAttribute('href')).toBe('/app/settings');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'support@optionsacademy.example' }).getAttribute('href')).toBe('mailto:support@optionsacademy.example');
    expect(screen.getByText(/No payment was taken/)).toBeTruthy();
  });

  it('confirms the monthly plan when the plan is unknown, without a coupon line', async () => {
    vi.useFakeTimers();
    renderAt('/success?plan=gold');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('plan-line').textContent).toBe('Your Monthly Plan ($29/month) is active.');
    expect(screen.queryByTestId('coupon-line')).toBeNull();
  });
});
