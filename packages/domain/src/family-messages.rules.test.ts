import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  dayMonthYear,
  defaultTemplates,
  isStopReply,
  renderMessage,
  renderTemplate,
  rupeesText,
  unknownVariables,
  variablesIn,
} from './family-messages.rules';

describe('templates', () => {
  it('lists the variables in order and finds the unknown ones', () => {
    expect(variablesIn('{studentName} paid {amount}; {studentName} again')).toEqual(['studentName', 'amount']);
    expect(unknownVariables('Dear {studentNme}, {amount} {a b}')).toEqual(['studentNme']);
    for (const template of Object.values(defaultTemplates)) {
      expect(unknownVariables(template.bodyEn)).toEqual([]);
      expect(unknownVariables(template.bodyMr)).toEqual([]);
    }
  });

  it('renders Marathi first, then English; a missing value reads as nothing', () => {
    const text = renderMessage(defaultTemplates.payment_received, 'both', {
      studentName: 'Aarav',
      studentId: '2600042',
      amount: rupeesText(150_050),
      receiptNumber: '2026-27/000001',
    });
    expect(text).toBe(
      'प्रिय पालक, Aarav (आयडी 2600042) यांच्या शुल्कापोटी ₹1,500.5 मिळाले आहेत. पावती क्रमांक 2026-27/000001. धन्यवाद.\n\n' +
        'Dear parent, we have received ₹1,500.5 for Aarav (ID 2600042). Receipt number 2026-27/000001. Thank you.',
    );
    expect(renderTemplate('Hi {studentName}{code}', { studentName: 'A' })).toBe('Hi A');
    expect(rupeesText(1_234_500)).toBe('₹12,345');
    expect(dayMonthYear('2027-01-05')).toBe('05/01/2027');
  });
});

describe('replies and retries', () => {
  it('knows STOP in its forms, and not other words', () => {
    for (const word of ['STOP', ' stop ', 'Stop.', 'UNSUBSCRIBE', 'थांबवा']) expect(isStopReply(word)).toBe(true);
    for (const word of ['stopped', 'please call', '']) expect(isStopReply(word)).toBe(false);
  });

  it('backs off exponentially with jitter, capped at an hour', () => {
    expect(backoffMs(1, 0.5)).toBe(30_000);
    expect(backoffMs(2, 0.5)).toBe(60_000);
    expect(backoffMs(3, 0)).toBe(96_000);
    expect(backoffMs(20, 1)).toBe(4_320_000);
  });
});
