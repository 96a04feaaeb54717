import { messages } from '@app/domain/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VerifyTicketPage } from './verify-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <VerifyTicketPage code="1.S26-00001.AAAAAAAAAAAAAAAAAAAAAA" />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the hall-ticket verification page', () => {
  it('says to wait when the address has tried too many forged codes (429), not that this one is forged', async () => {
    fetchMock.mockResolvedValue(json({ message: messages.tooManyLookups, code: 'TOO_MANY_REQUESTS' }, 429));
    show();
    expect(await screen.findByText(messages.tooManyLookups)).toBeTruthy();
    expect(screen.queryByText(messages.ticketForged)).toBeNull();
  });

  it('says a refused code does not verify', async () => {
    fetchMock.mockResolvedValue(json({ message: messages.ticketForged, code: 'BAD_REQUEST' }, 400));
    show();
    expect(await screen.findByText(messages.ticketForged)).toBeTruthy();
  });
});
