import { PRIVACY_NOTICE } from '@app/domain/privacy.rules';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { StudentLoginForm } from './student-login-form';
import { StudentPortalLayout } from './student-portal-layout';

afterEach(cleanup);

const noticeLink = () => screen.getByRole('link', { name: `Privacy notice (version ${PRIVACY_NOTICE.version})` });

describe('the student portal shows the privacy notice', () => {
  it('on the sign-in form', () => {
    renderInApp(<StudentLoginForm />, { router: true });
    expect(noticeLink().getAttribute('href')).toBe('/privacy');
  });

  it("on the signed-in pages: the notice's line with its current version and a link to the whole notice", () => {
    render(
      <StudentPortalLayout>
        <p>Page</p>
      </StudentPortalLayout>,
    );
    expect(noticeLink().getAttribute('href')).toBe('/privacy');
    expect(screen.getByText(PRIVACY_NOTICE.en.short, { exact: false })).toBeTruthy();
    expect(screen.getByText(PRIVACY_NOTICE.mr.short)).toBeTruthy();
  });
});
