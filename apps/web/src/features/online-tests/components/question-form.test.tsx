import { messages } from '@app/domain/messages';
import type { Chapter, Question } from '@app/domain/online-tests.schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { QuestionForm } from './question-form';

vi.mock('@/components/photo-uploader/photo-uploader', () => import('@/testing/photo-uploader-stub'));

const fetchMock = stubFetch();
const chapters: Chapter[] = [
  { id: 11, subjectCode: 7101, name: 'Algebra', questions: 4 },
  { id: 12, subjectCode: 7101, name: 'Geometry', questions: 0 },
];
const saved: Question = {
  id: 41,
  chapterId: 12,
  subjectCode: 7101,
  type: 'numeric',
  textEn: 'π to two places',
  textMr: 'π दोन दशांश',
  image: '/api/files/abc.jpg',
  options: [],
  key: { value: 3.14, tolerance: 0.01 },
  marks: 1,
  negativeMarks: 0.25,
  difficulty: 'hard',
  explanationEn: 'Because.',
  explanationMr: null,
};

function setup(question: Question | null) {
  const onDone = vi.fn();
  const rendered = renderInApp(<QuestionForm question={question} chapters={chapters} chapterId={11} onDone={onDone} />);
  return { ...rendered, onDone };
}
const sent = () => {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) };
};

describe('QuestionForm', () => {
  it('sends a several-correct question: the ticked options as the key, blank rows left out, the picture', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { message: messages.questionSaved, data: saved }));
    const { user, onDone } = setup(null);
    await user.selectOptions(screen.getByLabelText(/^Type/), 'multiple');
    await user.type(screen.getByLabelText(/^Question \(English\)/), 'Even numbers');
    await user.type(screen.getByLabelText('Option A (English)'), '2');
    await user.type(screen.getByLabelText('Option B (English)'), '3');
    await user.type(screen.getByLabelText('Option C (Marathi)'), '४');
    await user.click(screen.getByRole('checkbox', { name: 'Option A is right' }));
    await user.click(screen.getByRole('checkbox', { name: 'Option C is right' }));
    await user.clear(screen.getByLabelText(/^Marks/));
    await user.type(screen.getByLabelText(/^Marks/), '3');
    await user.type(screen.getByLabelText(/^Negative marks/), '0.5');
    await user.click(screen.getByRole('button', { name: 'Save Picture (optional)' }));
    await user.click(screen.getByRole('button', { name: 'Add question' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled(), { timeout: 5000 });
    const { url, method, body } = sent();
    expect(url).toContain('/api/exam/questions');
    expect(method).toBe('POST');
    expect(body).toMatchObject({
      chapterId: 11,
      type: 'multiple',
      textEn: 'Even numbers',
      options: [{ en: '2' }, { en: '3' }, { mr: '४' }],
      key: { choices: [0, 2] },
      marks: 3,
      negativeMarks: 0.5,
      difficulty: 'medium',
      image: '/api/files/Picture-(optional).jpg',
    });
  });

  it('edits a number question: its answer and tolerance, picture and texts kept, to its own address', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: messages.questionSaved, data: saved }));
    const { user, onDone } = setup(saved);
    expect(screen.queryByLabelText('Option A (English)')).toBeNull();
    const tolerance = screen.getByLabelText(/^Tolerance/);
    await user.clear(tolerance);
    await user.type(tolerance, '0.005');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled(), { timeout: 5000 });
    const { url, method, body } = sent();
    expect(url).toContain('/api/exam/questions/41');
    expect(method).toBe('PUT');
    expect(body).toMatchObject({
      chapterId: 12,
      type: 'numeric',
      textMr: 'π दोन दशांश',
      image: '/api/files/abc.jpg',
      options: [],
      key: { value: 3.14, tolerance: 0.005 },
      negativeMarks: 0.25,
      difficulty: 'hard',
    });
  });

  it('says what is missing and sends nothing: the right answer, then the text', async () => {
    const { user, onDone } = setup(null);
    await user.selectOptions(screen.getByLabelText(/^Type/), 'truefalse');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText(messages.questionKeyInvalid, {}, { timeout: 5000 })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/^Right answer/), 'true');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText(messages.questionTextRequired, {}, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });
});
