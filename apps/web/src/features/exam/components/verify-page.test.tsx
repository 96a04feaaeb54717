import { messages } from '@app/domain/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { VerifyTicketPage } from './verify-page';

const fetchMock = stubFetch();

const show = () => renderInApp(<VerifyTicketPage code="1.S26-00001.AAAAAAAAAAAAAAAAAAAAAA" />);

describe('the hall-ticket verification page', () => {
  it('says to wait when the address has tried too many forged codes (429), not that this one is forged', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: messages.tooManyLookups, code: 'TOO_MANY_REQUESTS' }));
    show();
    expect(await screen.findByText(messages.tooManyLookups)).toBeTruthy();
    expect(screen.queryByText(messages.ticketForged)).toBeNull();
  });

  it('says a refused code does not verify', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { message: messages.ticketForged, code: 'BAD_REQUEST' }));
    show();
    expect(await screen.findByText(messages.ticketForged)).toBeTruthy();
  });
});
