import { useParams } from 'react-router';
import { SimpleLayout } from '@/components/layouts/simple-layout';
import { pageTitle } from '@/config/site';
import { VerifyTicketPage } from '@/features/exam/components/verify-page';

/** /verify/<code>: where a hall ticket's QR code leads (public). */
export function VerifyRoute() {
  const { code = '' } = useParams();
  return (
    <SimpleLayout>
      <title>{pageTitle('Hall Ticket and Marksheet Verification')}</title>
      <VerifyTicketPage code={code} />
    </SimpleLayout>
  );
}
