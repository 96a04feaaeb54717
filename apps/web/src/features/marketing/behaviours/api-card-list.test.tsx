import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { CourseFeeList } from '../components/course-fee-list';
import { ExamCentreList } from '../components/exam-centre-list';
import { enhanceCourseFees } from './course-fees';
import { enhanceExamCentres } from './exam-centres';

const fetchMock = stubFetch();

/** As the prerendered page has it: parsed from HTML, so each card's template holds its content. */
function renderStatic(page: ReactElement) {
  document.body.innerHTML = renderToStaticMarkup(page);
}

const centre = (n: number) => ({
  centerName: `Centre ${n}`,
  collegeName: `College ${n}`,
  city: n === 1 ? null : 'Pune',
});

describe('the public card lists', () => {
  it('shows the first `limit` exam centres, a card each, and drops an empty field', async () => {
    renderStatic(<ExamCentreList limit={2} />);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [centre(1), centre(2), centre(3)] }));
    await enhanceExamCentres();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Centre 1',
      'Centre 2',
    ]);
    expect(screen.getByText('College 1').parentElement?.textContent).toBe('Centre 1College 1');
    expect(screen.getByRole('list').getAttribute('aria-busy')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says so when there is nothing yet, or when the list could not be loaded', async () => {
    renderStatic(<CourseFeeList />);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [] }));
    await enhanceCourseFees();
    expect(screen.getByRole('status').textContent).toBe('Courses for the new season will be announced soon.');
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { message: 'down' }));
    await enhanceCourseFees();
    expect(screen.getByRole('status').textContent).toBe('Courses could not be loaded. Please try again later.');
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });
});
