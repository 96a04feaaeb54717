/** The company's name: top bars, footers, page titles and every document the server prints. */
export const siteName = 'Pariksha Mock Board Exams';

/**
 * The institute's office, printed on receipts a parent keeps. Placeholders until the company gives
 * its registered address and phone: change them here (one place for every document).
 */
export const instituteAddress = 'Office 204, Shivaji Nagar, Pune, Maharashtra 411005';
export const institutePhone = '+91 20 2553 0000';
