/** The company's name: top bars, footers, page titles and every document the server prints. */
export const siteName = 'Pariksha Mock Board Exams';
