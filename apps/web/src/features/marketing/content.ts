/** The public site's static facts (SPEC §9). */

export type Course = {
  standard: '10th' | '12th';
  title: string;
  months: number;
  mockTests: number;
  papers: string;
};

export const courses: readonly Course[] = [
  {
    standard: '10th',
    title: 'Class 10th Board Preparation',
    months: 8,
    mockTests: 12,
    papers: "Previous 10 years' board papers",
  },
  {
    standard: '12th',
    title: 'Class 12th Board Preparation',
    months: 10,
    mockTests: 15,
    papers: "Last 15 years' board papers",
  },
];

export const stats = [
  { value: '15000+', label: 'Students' },
  { value: '25+', label: 'Exam Centres' },
  { value: '92%', label: 'Success Rate' },
  { value: '150+', label: 'State Toppers' },
] as const;

export const examCentres = [
  { city: 'Mumbai', capacity: 500 },
  { city: 'Pune', capacity: 400 },
  { city: 'Nashik', capacity: 300 },
] as const;
