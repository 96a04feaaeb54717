import { messages } from '@app/domain/messages';
import type { Chapter, Question } from '@app/domain/online-tests.schemas';
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
// 31 March 2026, 11:50 PM in India.
const now = new Date('2026-03-31T18:20:00.000Z');

function answer(url: string) {
  if (url.includes('/api/exam/questions')) return jsonResponse(200, { data: bank });
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
    fetchMock.mockImplementation(async (url) => answer(String(url)));
    const { user } = renderInApp(<TestForm chapters={chapters} now={now} />);
    await user.type(screen.getByLabelText(/^Title/), 'Algebra practice');
    await user.selectOptions(screen.getByLabelText(/^Paper/), '7101');
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
    fetchMock.mockImplementation(async (url) => answer(String(url)));
    const { user } = renderInApp(<TestForm chapters={chapters} now={now} />);
    await user.type(screen.getByLabelText(/^Title/), 'Empty');
    await user.selectOptions(screen.getByLabelText(/^Paper/), '7102');
    await user.click(screen.getByRole('button', { name: 'Create test' }));

    expect(await screen.findByText(messages.testQuestionsRequired, {}, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
