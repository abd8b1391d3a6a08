// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SegmentedControl } from '@web/components/ui/segmented-control';

afterEach(cleanup);

function Side({ initial = null }: { initial?: 'buy' | 'sell' | 'hold' | null }) {
  const [side, setSide] = useState<'buy' | 'sell' | 'hold' | null>(initial);
  return (
    <>
      <button type="button">before</button>
      <SegmentedControl
        label="Side"
        options={[
          { value: 'buy', label: 'Buy' },
          { value: 'sell', label: 'Sell' },
          { value: 'hold', label: 'Hold' },
        ]}
        value={side}
        onSelect={setSide}
        itemClassName={(checked) => (checked ? 'on' : 'off')}
      />
      <output>{side ?? 'none'}</output>
    </>
  );
}

const checked = () => screen.getAllByRole('radio').map((r) => r.getAttribute('aria-checked'));

describe('a segmented control', () => {
  it('is one radio group whose buttons say which is chosen, and a click chooses', async () => {
    render(<Side initial="sell" />);
    expect(screen.getByRole('radiogroup', { name: 'Side' })).toBeTruthy();
    expect(checked()).toEqual(['false', 'true', 'false']);
    await userEvent.click(screen.getByRole('radio', { name: 'Buy' }));
    expect(checked()).toEqual(['true', 'false', 'false']);
    expect(screen.getByText('buy')).toBeTruthy();
  });

  it('is one Tab stop, on the chosen button, or the first when nothing is chosen', async () => {
    render(<Side initial="hold" />);
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Hold' }));
    cleanup();
    render(<Side />);
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Buy' }));
  });

  it('moves the choice and the focus with the arrow keys, wrapping at the ends, and Home and End', async () => {
    render(<Side initial="buy" />);
    screen.getByRole('radio', { name: 'Buy' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('sell')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Sell' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('buy')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('hold')).toBeTruthy();
    await userEvent.keyboard('{Home}');
    expect(screen.getByText('buy')).toBeTruthy();
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Hold' }));
  });
});
