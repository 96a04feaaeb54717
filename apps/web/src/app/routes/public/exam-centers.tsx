import { ExamCentreList } from '@/features/marketing/components/exam-centre-list';
import { PageHeader } from '@/features/marketing/components/page-header';
import { Section } from '@/features/marketing/components/section';

export function ExamCentersRoute() {
  return (
    <>
      <PageHeader title="Exam Centres">Sit your mock board exams at a college near you.</PageHeader>
      <Section title="Our centres" intro="Each centre is a college exam hall; your hall ticket names your centre.">
        <ExamCentreList />
      </Section>
    </>
  );
}
