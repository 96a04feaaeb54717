import { type NoticeText, PRIVACY_NOTICE } from '@app/domain/privacy.rules';
import { PageHeader } from '@/features/marketing/components/page-header';
import { Section } from '@/features/marketing/components/section';

/** /privacy: the whole privacy notice in English and Marathi (issue 27), the version the server stores. */
export function PrivacyRoute() {
  return (
    <>
      <PageHeader title="Privacy notice">
        What we collect about your child, why, how long we keep it, and your rights. Version {PRIVACY_NOTICE.version}.
      </PageHeader>
      <div className="grid gap-0 lg:grid-cols-2">
        <NoticeSection notice={PRIVACY_NOTICE.en} lang="en" />
        <NoticeSection notice={PRIVACY_NOTICE.mr} lang="mr" className="bg-white" />
      </div>
    </>
  );
}

export function NoticeSection({ notice, lang, className }: { notice: NoticeText; lang: string; className?: string }) {
  return (
    <div lang={lang}>
      <Section title={notice.title} className={className}>
        <ul className="max-w-3xl list-disc space-y-3 pl-5 text-slate-700">
          {notice.purposes.map((purpose) => (
            <li key={purpose}>{purpose}</li>
          ))}
        </ul>
        <p className="mt-4 max-w-3xl font-medium text-slate-800">{notice.rights}</p>
      </Section>
    </div>
  );
}
