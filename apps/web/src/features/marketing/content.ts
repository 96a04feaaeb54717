/** The public site's copy and static facts (SPEC §2 Public pages, §4 statistics, §9 courses and figures). */

export type Course = {
  standard: '10th' | '12th';
  title: string;
  months: number;
  mockTests: number;
  papers: string;
  summary: string;
  includes: readonly string[];
};

export const courses: readonly Course[] = [
  {
    standard: '10th',
    title: 'Class 10th Board Preparation',
    months: 8,
    mockTests: 12,
    papers: "Previous 10 years' board papers",
    summary:
      'For SSC students in Marathi, Semi-English and English medium: the whole syllabus revised paper by paper, then written under board conditions.',
    includes: [
      'Subject-wise and full-syllabus papers on the SSC board pattern',
      'Answer sheets checked by experienced teachers, with remarks',
      'Study books and question banks from your branch counsellor',
    ],
  },
  {
    standard: '12th',
    title: 'Class 12th Board Preparation',
    months: 10,
    mockTests: 15,
    papers: "Last 15 years' board papers",
    summary:
      'For HSC Science students in the PCM, PCB and PCMB groups: board papers practised alongside entrance-exam preparation.',
    includes: [
      'Full-length papers timed exactly like the HSC board exam',
      'Practical and diagram-based questions marked the board way',
      'Study books and question banks from your branch counsellor',
    ],
  },
];

/**
 * SPEC §4: the animated statistics count up to these figures. `isExamCentreCount`: the figure is the
 * number of centres the public site lists, read from the API when the page loads (not a claim).
 */
export type Stat = { value: number; suffix: string; label: string; isExamCentreCount?: true };

export const stats: readonly Stat[] = [
  { value: 15000, suffix: '+', label: 'Students' },
  { value: 92, suffix: '%', label: 'Success Rate' },
  { value: 0, suffix: '', label: 'Exam Centres', isExamCentreCount: true },
  { value: 15, suffix: '+', label: 'Years' },
];

/** SPEC §9 static marketing figures. */
export const achievements = [
  {
    figure: '150+',
    title: 'State toppers',
    text: 'Students who practised with us and went on to top the state board merit lists.',
  },
  {
    figure: '92%',
    title: 'Success rate',
    text: 'Of our students passed their board exams with first class or distinction.',
  },
  { figure: '15000+', title: 'Students', text: 'Have written our mock board exams across Maharashtra.' },
  {
    figure: null,
    title: 'Exam centres',
    text: 'In colleges near home, so the real exam hall never feels strange.',
  },
] as const;

export type HeroSlide = { title: string; text: string; art: 'paper' | 'hall' | 'result' };

export const heroSlides: readonly HeroSlide[] = [
  {
    title: 'Sit the board exam before the board exam.',
    text: 'Full-length mock board exams for classes 10th and 12th, in real exam-hall conditions — so exam day feels familiar.',
    art: 'paper',
  },
  {
    title: 'Hall tickets, timed papers, real invigilation.',
    text: 'Every mock exam runs like the board: seat numbers, hall tickets, bells and invigilators at a college near you.',
    art: 'hall',
  },
  {
    title: 'Results that show where to improve.',
    text: 'Subject-wise marks and grades online after every exam, with checked answer sheets and teachers’ remarks.',
    art: 'result',
  },
];

export const aboutPoints = [
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
] as const;

export const testimonials = [
  {
    quote:
      'The first mock paper scared me; by the fifth I was finishing with twenty minutes to spare. In the real board exam I felt calm.',
    name: 'Sakshi P.',
    detail: 'Class 10th, Pune',
  },
  {
    quote:
      'The checked answer sheets showed exactly where my son was losing marks in Mathematics. His score went up by 18 marks.',
    name: 'Mr. Deshmukh',
    detail: 'Parent, Nashik',
  },
  {
    quote:
      'Writing fifteen full Physics, Chemistry and Biology papers under a timer made the HSC board feel like one more mock test.',
    name: 'Omkar K.',
    detail: 'Class 12th (PCB), Kolhapur',
  },
  {
    quote:
      'The exam centre was a college near our home, with hall tickets and invigilators. My daughter knew what to expect in March.',
    name: 'Mrs. Kulkarni',
    detail: 'Parent, Thane',
  },
] as const;

export type GalleryMoment = { caption: string; art: 'hall' | 'ticket' | 'papers' | 'books' | 'result' | 'trophy' };

export const gallery: readonly GalleryMoment[] = [
  { caption: 'The exam hall on mock exam day', art: 'hall' },
  { caption: 'Hall tickets checked at the gate', art: 'ticket' },
  { caption: 'Board-pattern question papers', art: 'papers' },
  { caption: 'Study books for every subject', art: 'books' },
  { caption: 'Results published online', art: 'result' },
  { caption: 'Felicitating our state toppers', art: 'trophy' },
];
