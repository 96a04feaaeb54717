/** The company's name, shown in the top bars, the footer and every page title. */
export const siteName = 'Pariksha Mock Board Exams';

export function pageTitle(page?: string): string {
  return page ? `${page} | ${siteName}` : siteName;
}
