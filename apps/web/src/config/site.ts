import { siteName } from '@app/domain/site';

export { siteName };

export function pageTitle(page?: string): string {
  return page ? `${page} | ${siteName}` : siteName;
}
