import { siteName } from '@/config/site';
import { PageHeader } from '@/features/marketing/components/page-header';
import { Section } from '@/features/marketing/components/section';
import { StatsBand } from '@/features/marketing/components/stats-band';

const promises = [
  {
    title: 'Real exam conditions',
    text: 'Timed papers in proper exam halls, with hall tickets and invigilation, just like the board.',
  },
  {
    title: 'Board-pattern papers',
    text: 'Mock tests set to the latest board pattern, alongside years of previous board papers.',
  },
  {
    title: 'Results you can act on',
    text: 'Subject-wise marks and grades published online, so students know where to focus.',
  },
  {
    title: 'Counsellors near you',
    text: 'Branch counsellors who register students, answer questions and hand out study books.',
  },
];

export function AboutRoute() {
  return (
    <>
      <PageHeader title="About Us">
        {siteName} helps students of classes 10th and 12th walk into their board exams with confidence.
      </PageHeader>
      <Section title="What we do">
        <ul className="grid gap-4 sm:grid-cols-2">
          {promises.map((promise) => (
            <li key={promise.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{promise.title}</h3>
              <p className="mt-2 text-slate-600">{promise.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="In numbers" className="bg-white">
        <StatsBand />
      </Section>
    </>
  );
}
