import { PageHeader } from '@/features/marketing/components/page-header';
import { Section } from '@/features/marketing/components/section';
import { StatsBand } from '@/features/marketing/components/stats-band';

export function AchievementsRoute() {
  return (
    <>
      <PageHeader title="Achievements">
        Thousands of students have practised with us before their board exams — and many have topped the state.
      </PageHeader>
      <Section>
        <StatsBand />
      </Section>
    </>
  );
}
