import { PRIVACY_NOTICE } from '@app/domain/privacy.rules';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/features/marketing/components/page-header';
import { Section } from '@/features/marketing/components/section';
import { NoticeSection } from './privacy';

/**
 * /consent/<token>: the page a parent opens from the consent code's message (issue 27). Static like the
 * other public pages (decision 010); `features/privacy/behaviours/consent-link.ts` asks the server whose
 * consent the link is for and sends the answer. The notice is the one this build serves, its version
 * sent with the answer.
 */
export function ConsentLinkRoute() {
  return (
    <>
      <PageHeader title="Your consent · तुमची संमती">
        For the registration of <span data-consent-student>your child</span>. Please read the privacy notice (version{' '}
        {PRIVACY_NOTICE.version}) and answer below.
      </PageHeader>
      <p data-consent-status role="status" className="mx-auto max-w-6xl px-4 pt-6 text-base font-medium empty:hidden" />
      <NoticeSection notice={PRIVACY_NOTICE.en} lang="en" />
      <NoticeSection notice={PRIVACY_NOTICE.mr} lang="mr" className="bg-white" />
      <Section title="Your answer · तुमचे उत्तर" className="bg-white">
        <form data-consent-link data-notice-version={PRIVACY_NOTICE.version} className="max-w-3xl space-y-4">
          <p className="text-slate-700">
            Do you agree that the institute keeps and uses your child&rsquo;s details as the notice says? You may also
            agree and refuse messages: receipts, reminders and results will then not be sent to your phone.
          </p>
          <p lang="mr" className="text-slate-700">
            सूचनेत सांगितल्याप्रमाणे संस्थेने तुमच्या पाल्याची माहिती ठेवावी व वापरावी यास तुमची संमती आहे का? संमती देऊन संदेश नाकारू शकता:
            मग पावत्या, स्मरणपत्रे आणि निकाल तुमच्या फोनवर पाठवले जाणार नाहीत.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" name="messages" value="true" disabled className="py-2">
              <Answer en="I agree" mr="मी सहमत आहे" />
            </Button>
            <Button type="submit" name="messages" value="false" variant="secondary" disabled className="py-2">
              <Answer en="I agree, but send no messages" mr="सहमत, पण संदेश नकोत" />
            </Button>
          </div>
        </form>
      </Section>
    </>
  );
}

/** A button's words in English, and in Marathi below them (each line short enough for a 360 px phone). */
function Answer({ en, mr }: { en: string; mr: string }) {
  return (
    <span className="flex flex-col items-center">
      <span>{en}</span>
      <span lang="mr">{mr}</span>
    </span>
  );
}
