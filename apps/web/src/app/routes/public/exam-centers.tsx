import { ExamCentreCards } from '@/features/marketing/components/exam-centre-cards';
import { PageHeader } from '@/features/marketing/components/page-header';
import { Section } from '@/features/marketing/components/section';

export function ExamCentersRoute() {
  return (
    <>
      <PageHeader title="Exam Centres">Sit your mock board exams at a centre near you.</PageHeader>
      <Section>
        <ExamCentreCards />
      </Section>
    </>
  );
}
