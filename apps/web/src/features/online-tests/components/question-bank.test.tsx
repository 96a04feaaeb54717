import { messages } from '@app/domain/messages';
import type { Chapter, PaperChoice } from '@app/domain/online-tests.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { QuestionBank } from './question-bank';

const fetchMock = stubFetch();
const papers: PaperChoice[] = [
  { subjectCode: 7101, subjectName: 'Mathematics', standard: '10th', language: 'English', examYear: 2026 },
  { subjectCode: 7102, subjectName: 'Physics', standard: '12th', language: 'English', examYear: 2026 },
];
const chapters: Chapter[] = [{ id: 11, subjectCode: 7101, name: 'Algebra', questions: 3 }];

function answer(url: string) {
  if (url.includes('/api/exam/papers')) return jsonResponse(200, { data: papers });
  if (url.includes('/api/exam/chapters')) return jsonResponse(200, { data: chapters });
  return jsonResponse(200, { data: [] });
}

describe('QuestionBank', () => {
  it('names each paper and adds a chapter to the paper chosen by name', async () => {
    fetchMock.mockImplementation(async (url, init) =>
      init?.method === 'POST'
        ? jsonResponse(201, {
            message: messages.chapterAdded,
            data: { id: 12, subjectCode: 7102, name: 'Optics', questions: 0 },
          })
        : answer(String(url)),
    );
    const { user } = renderInApp(<QuestionBank />);
    const row = await screen.findByRole('row', { name: /Algebra/ }, { timeout: 5000 });
    await waitFor(() => expect(within(row).getByText('Mathematics (10th, 2026)')).toBeTruthy(), { timeout: 5000 });
    const chooser = screen.getByLabelText('Paper');
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose the paper', 'Mathematics (10th, 2026)', 'Physics (12th, 2026)']);
    expect(within(screen.getByLabelText('Paper (import)')).getAllByRole('option')).toHaveLength(3);
    await user.selectOptions(chooser, 'Physics (12th, 2026)');
    await user.type(screen.getByRole('textbox', { name: 'New chapter' }), 'Optics');
    await user.click(screen.getByRole('button', { name: 'Add chapter' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true), {
      timeout: 5000,
    });
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST') ?? [];
    expect(String(url)).toContain('/api/exam/chapters');
    expect(JSON.parse(String(init?.body))).toEqual({ subjectCode: 7102, name: 'Optics' });
  });
});
