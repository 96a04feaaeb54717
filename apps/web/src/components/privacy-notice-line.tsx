import { PRIVACY_NOTICE } from '@app/domain/privacy.rules';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/**
 * The privacy notice in one line, English and Marathi, with a link to the whole notice (issue 27): every
 * form that collects a family's details shows it. A plain link, so it works on the static public pages too.
 */
export function PrivacyNoticeLine({ className }: { className?: string }) {
  return (
    <p className={cn('text-xs text-slate-600', className)} data-privacy-notice={PRIVACY_NOTICE.version}>
      {PRIVACY_NOTICE.en.short}{' '}
      <span lang="mr" className="block sm:inline">
        {PRIVACY_NOTICE.mr.short}
      </span>{' '}
      <a
        href={paths.privacy.getHref()}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center font-medium text-brand-700 underline sm:min-h-0"
      >
        Privacy notice (version {PRIVACY_NOTICE.version})
      </a>
    </p>
  );
}
