import { type FlagName, isFlagOn } from '@app/domain/flags.schemas';
import { Link } from 'react-router';
import { SimpleLayout } from '@/components/layouts/simple-layout';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { HallTicketPage } from '@/features/exam/components/hall-ticket-page';
import { ResultPage } from '@/features/exam/components/result-page';
import { usePublicFlags } from '@/features/flags/api/get-flags';
import { cn } from '@/lib/cn';

/** SPEC §2: the real page while its flag is the text 'true', else a status page of its type. */
const pages = {
  hallticket: {
    flag: 'HALLTICKET',
    title: 'Hall Ticket Generator',
    statusTitle: 'Hall Ticket not generated yet',
    statusText: 'Your hall ticket will be available here once released.',
    Page: HallTicketPage,
  },
  result: {
    flag: 'RESULT',
    title: 'Student Result',
    statusTitle: 'Result not declared yet',
    statusText: 'Please check back later for your result.',
    Page: ResultPage,
  },
} satisfies Record<
  string,
  { flag: FlagName; title: string; statusTitle: string; statusText: string; Page: () => React.ReactNode }
>;

export function FlaggedPageRoute({ type }: { type: keyof typeof pages }) {
  const flags = usePublicFlags();
  const page = pages[type];
  const isOn = isFlagOn(flags.data, page.flag);

  return (
    <SimpleLayout>
      <title>{pageTitle(page.title)}</title>
      {flags.isPending ? (
        // About the height of the status below, so nothing jumps when the flags arrive.
        <div className="grid min-h-40 place-items-center text-brand-700">
          <Spinner label="Loading" className="size-8" />
        </div>
      ) : isOn ? (
        // The real page has its own Back to Home (SPEC §2 Hall Ticket Generator, Student Result).
        <page.Page />
      ) : (
        <div className="text-center">
          <span
            aria-hidden="true"
            className="mx-auto grid size-14 place-items-center rounded-full bg-amber-100 text-amber-700"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 2" />
            </svg>
          </span>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{page.statusTitle}</h1>
          <p className="mt-2 text-slate-600">{page.statusText}</p>
        </div>
      )}
      {!isOn && (
        <Link
          to={paths.home.getHref()}
          reloadDocument
          className={cn(buttonClasses({ variant: 'secondary' }), 'mt-6 w-full')}
        >
          Back to Home
        </Link>
      )}
    </SimpleLayout>
  );
}
