import { messages } from '@app/domain/messages';
import type { Chapter, PaperChoice, Question } from '@app/domain/online-tests.schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { TestForm } from './test-form';

const fetchMock = stubFetch();
const chapters: Chapter[] = [
  { id: 11, subjectCode: 7101, name: 'Algebra', questions: 3 },
  { id: 21, subjectCode: 7102, name: 'Motion', questions: 0 },
];
const question = (id: number, difficulty: Question['difficulty'], textEn: string): Question => ({
  id,
  chapterId: 11,
  subjectCode: 7101,
  type: 'truefalse',
  textEn,
  textMr: null,
  image: null,
  options: [],
  key: { truth: true },
  marks: 1,
  negativeMarks: 0,
  difficulty,
  explanationEn: null,
  explanationMr: null,
});
const bank = [
  question(1, 'easy', 'Zero is even'),
  question(2, 'easy', 'One is odd'),
  question(3, 'hard', 'π is rational'),
];
const paper = (subjectCode: number, subjectName: string, standard: string): PaperChoice => ({
  subjectCode,
  subjectName,
  standard,
  language: 'English',
  examYear: 2026,
});
const allPapers = [paper(7101, 'Mathematics', '10th'), paper(7102, 'Physics', '12th')];
let papers = allPapers;
// 31 March 2026, 11:50 PM in India.
const now = new Date('2026-03-31T18:20:00.000Z');

function answer(url: string) {
  if (url.includes('/api/exam/papers')) return jsonResponse(200, { data: papers });
  if (url.includes('/api/exam/questions')) return jsonResponse(200, { data: url.includes('=7101') ? bank : [] });
  return jsonResponse(201, {
    message: messages.testCreated,
    data: {
      id: 5,
      title: 'Algebra practice',
      standards: ['10th'],
      branches: [],
      subjectCodes: [7101],
      durationMinutes: 30,
      opensAt: now.toISOString(),
      closesAt: now.toISOString(),
      attemptsAllowed: 1,
      shuffle: true,
      showAnswers: 'after_submit',
      questions: 4,
    },
  });
}

describe('TestForm', () => {
  it('sends questions picked by hand and drawn by chapter and difficulty, the window in India time', async () => {
    papers = allPapers;
    fetchMock.mockImplementation(async (url) => answer(String(url)));
    const { user } = renderInApp(<TestForm chapters={chapters} now={now} />);
    await user.type(screen.getByLabelText(/^Title/), 'Algebra practice');
    await user.click(await screen.findByRole('checkbox', { name: 'Mathematics (10th, 2026)' }, { timeout: 5000 }));
    await user.selectOptions(screen.getByLabelText('Chapter (rule 1)'), '11');
    await user.selectOptions(screen.getByLabelText('Difficulty (rule 1)'), 'easy');
    await user.type(screen.getByLabelText(/^How many \(rule 1\)/), '2');
    expect(await screen.findByText('2 in the bank', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a draw rule' }));
    await user.selectOptions(screen.getByLabelText('Chapter (rule 2)'), '11');
    await user.selectOptions(screen.getByLabelText('Difficulty (rule 2)'), 'hard');
    await user.type(screen.getByLabelText(/^How many \(rule 2\)/), '1');
    await user.click(await screen.findByRole('checkbox', { name: /π is rational/ }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Create test' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true), {
      timeout: 5000,
    });
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST') ?? [];
    expect(String(url)).toContain('/api/exam/tests');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Algebra practice',
      standards: ['10th'],
      branches: [],
      subjectCodes: [7101],
      questionIds: [3],
      draw: [
        { chapterId: 11, difficulty: 'easy', count: 2 },
        { chapterId: 11, difficulty: 'hard', count: 1 },
      ],
      durationMinutes: 30,
      opensAt: '2026-03-31T23:50:00+05:30',
      closesAt: '2026-04-01T23:50:00+05:30',
      attemptsAllowed: 1,
      shuffle: true,
      showAnswers: 'after_submit',
    });
    expect(await screen.findByText(`${messages.testCreated}: 4 questions`, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('sends nothing without questions: says so', async () => {
    papers = allPapers;
    fetchMock.mockImplementation(async (url) => answer(String(url)));
    const { user } = renderInApp(<TestForm chapters={chapters} now={now} />);
    await user.type(screen.getByLabelText(/^Title/), 'Empty');
    await user.click(await screen.findByRole('checkbox', { name: 'Physics (12th, 2026)' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Create test' }));

    expect(await screen.findByText(messages.testQuestionsRequired, {}, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  const posted = async () => {
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true), {
      timeout: 5000,
    });
    const [, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST') ?? [];
    return JSON.parse(String(init?.body));
  };

  it('chooses several standards, their mediums or groups and papers from lists, by name', async () => {
    papers = allPapers;
    fetchMock.mockImplementation(async (url) => answer(String(url)));
    const { user } = renderInApp(<TestForm chapters={chapters} now={now} />);
    await user.type(screen.getByLabelText(/^Title/), 'Mixed practice');
    // The papers by name, never by their codes.
    const maths = await screen.findByRole('checkbox', { name: 'Mathematics (10th, 2026)' }, { timeout: 5000 });
    expect(screen.queryByText(/7101|7102/)).toBeNull();
    // 10th offers mediums; ticking 12th adds its groups.
    expect(screen.getByRole('checkbox', { name: 'Semi-English' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'PCM' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: '12th' }));
    await user.click(screen.getByRole('checkbox', { name: 'PCM' }));
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(maths);
    await user.click(screen.getByRole('checkbox', { name: 'Physics (12th, 2026)' }));
    // With two papers, each chapter is named with its paper.
    await user.selectOptions(screen.getByLabelText('Chapter (rule 1)'), 'Motion (Physics)');
    await user.type(screen.getByLabelText(/^How many \(rule 1\)/), '1');
    await user.click(screen.getByRole('button', { name: 'Create test' }));

    expect(await posted()).toMatchObject({
      standards: ['10th', '12th'],
      branches: ['English', 'PCM'],
      subjectCodes: [7101, 7102],
      draw: [{ chapterId: 21, count: 1 }],
    });
  });

  it('drops a medium whose standard is unticked; one assigned paper alone is still a list', async () => {
    papers = [allPapers[0] as PaperChoice];
    fetchMock.mockImplementation(async (url) => answer(String(url)));
    const { user } = renderInApp(<TestForm chapters={chapters} now={now} />);
    await user.type(screen.getByLabelText(/^Title/), 'One paper');
    await user.click(screen.getByRole('checkbox', { name: 'Marathi' }));
    await user.click(screen.getByRole('checkbox', { name: '12th' }));
    await user.click(screen.getByRole('checkbox', { name: '10th' }));
    expect(screen.queryByRole('checkbox', { name: 'Marathi' })).toBeNull();
    await user.click(await screen.findByRole('checkbox', { name: 'Mathematics (10th, 2026)' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('checkbox', { name: /Zero is even/ }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Create test' }));

    expect(await posted()).toMatchObject({
      standards: ['12th'],
      branches: [],
      subjectCodes: [7101],
      questionIds: [1],
    });
  });

  it('says so when no papers are assigned', async () => {
    papers = [];
    fetchMock.mockImplementation(async (url) => answer(String(url)));
    renderInApp(<TestForm chapters={chapters} now={now} />);
    expect(
      await screen.findByText('No papers are assigned to you yet: ask an admin.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
