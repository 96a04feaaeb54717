import type { MessageLogEntry } from '@app/domain/family-messages.schemas';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageList } from './message-list';

const entry = (change: Partial<MessageLogEntry>): MessageLogEntry => ({
  id: 1,
  kind: 'payment_received',
  studentId: '2600001',
  studentName: 'Riya Kulkarni',
  phone: '9812345678',
  channel: 'pending',
  status: 'prepared',
  failReason: null,
  body: 'Dear parent, we received ₹1,000 for Riya Kulkarni. Receipt R-2026-000123.',
  attempts: 0,
  createdAt: '2026-11-24T06:30:00.000Z',
  sentAt: null,
  whatsAppLink: 'https://wa.me/919812345678?text=Receipt%20R-2026-000123',
  ...change,
});

afterEach(cleanup);

describe('MessageList', () => {
  it('shows a prepared message with its text and the WhatsApp link that sends it', () => {
    render(<MessageList entries={[entry({})]} />);
    expect(screen.getByText('Prepared (no provider)')).toBeTruthy();
    expect(screen.getByText(/Receipt R-2026-000123/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/919812345678?text=Receipt%20R-2026-000123',
    );
  });

  it('says a message held for want of consent was not sent, and why, without calling it an opt-out', () => {
    render(
      <MessageList entries={[entry({ status: 'skipped', failReason: 'No parent consent', whatsAppLink: null })]} />,
    );
    expect(screen.getByText('Not sent')).toBeTruthy();
    expect(screen.getByText('No parent consent')).toBeTruthy();
    expect(screen.queryByText(/opted out/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Send on WhatsApp' })).toBeNull();
  });
});
