// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { MailPage } from '@web/features/admin/components/mail-page';
import { stubApi } from '../../app/api-stub';

const mail = (id: string, subject: string, sentAt: string) => ({
  id,
  sentAt,
  to: 'ada@example.com',
  subject,
  text: `${subject}\n\nTurn alert e-mails off: http://localhost/unsubscribe?token=t`,
  html: '<p></p>',
  unsubscribeUrl: 'http://localhost/api/unsubscribe?token=t',
});

function renderPage(answer: unknown) {
  stubApi({ 'GET /api/admin/mail': answer as never });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the sent-mail page', () => {
  afterEach(cleanup);

  it("lists the local stand-in's messages in the order given (newest first) with time, to and subject, and the body on open", async () => {
    renderPage({
      source: 'local',
      messages: [mail('m2', 'Options Academy alert: SPY closed above $600.00', '2026-11-26T22:00:00Z'), mail('m1', 'Older', '2026-11-25T22:00:00Z')],
    });
    const list = await screen.findByTestId('sent-mail');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('summary')!.textContent)).toEqual([
      expect.stringContaining('ada@example.com · Options Academy alert: SPY closed above $600.00'),
      expect.stringContaining('Older'),
    ]);
    expect(items[0]!.querySelector('time')!.getAttribute('dateTime')).toBe('2026-11-26T22:00:00Z');
    await userEvent.setup().click(within(items[0]!).getByText('Options Academy alert: SPY closed above $600.00'));
    expect(items[0]!.querySelector('details')!.open).toBe(true);
    expect(within(items[0]!).getByText(/Turn alert e-mails off: http:\/\/localhost\/unsubscribe\?token=t/)).toBeTruthy();
  });

  it('says that in AWS mail goes through SES and lists nothing', async () => {
    renderPage({ source: 'ses', messages: [] });
    expect(await screen.findByText(/sent through Amazon SES, which keeps no copy this page could list/)).toBeTruthy();
    expect(screen.queryByTestId('sent-mail')).toBeNull();
  });
});
