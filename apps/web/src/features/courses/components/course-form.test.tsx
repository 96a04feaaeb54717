import { messages } from '@app/domain/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { CourseForm } from './course-form';

const fetchMock = stubFetch();

const saved = {
  id: 7,
  sessionId: 3,
  name: 'Crash 12th',
  standard: '12th',
  branches: ['PCM', 'PCB'],
  fee: 9000,
  planKind: 'amount',
  instalments: [
    { dueDate: '2026-12-31', value: 3000, amount: 3000 },
    { dueDate: '2027-01-15', value: 6000, amount: 6000 },
  ],
  offered: true,
  students: 0,
};

function setup() {
  const onDone = vi.fn();
  const rendered = renderInApp(<CourseForm sessionId={3} course={null} onDone={onDone} />);
  return { ...rendered, onDone };
}

async function fill(user: ReturnType<typeof setup>['user'], second: string) {
  await user.type(screen.getByLabelText(/^Course name/), 'Crash 12th');
  await user.selectOptions(screen.getByLabelText(/^Standard/), '12th');
  await user.type(screen.getByLabelText(/^Fee/), '9000');
  await user.type(screen.getByLabelText(/^Mediums or groups/), 'PCM, PCB,');
  await user.click(screen.getByRole('button', { name: 'Add an instalment' }));
  await user.click(screen.getByRole('button', { name: 'Add an instalment' }));
  await user.type(screen.getByLabelText('Instalment 1 due on'), '2026-12-31');
  await user.type(screen.getAllByLabelText(/^Amount/)[0] as HTMLElement, '3000');
  await user.type(screen.getByLabelText('Instalment 2 due on'), '2027-01-15');
  await user.type(screen.getAllByLabelText(/^Amount/)[1] as HTMLElement, second);
}

describe('CourseForm', () => {
  it('sends the branches as a list and the plan in rupees to the session', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { message: messages.courseSaved, data: saved }));
    const { user, onDone } = setup();
    await fill(user, '6000');
    await user.click(screen.getByRole('button', { name: 'Add course' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/admin/examSessions/3/courses');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Crash 12th',
      standard: '12th',
      branches: ['PCM', 'PCB'],
      fee: 9000,
      planKind: 'amount',
      instalments: [
        { dueDate: '2026-12-31', value: 3000 },
        { dueDate: '2027-01-15', value: 6000 },
      ],
    });
  });

  it('says so, and sends nothing, when the instalments do not add up to the fee', async () => {
    const { user, onDone } = setup();
    await fill(user, '5000');
    await user.click(screen.getByRole('button', { name: 'Add course' }));

    expect(await screen.findByText(messages.coursePlanAmountsTotal)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });
});
