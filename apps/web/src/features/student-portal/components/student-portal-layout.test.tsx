import { PRIVACY_NOTICE } from '@app/domain/privacy.rules';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StudentPortalLayout } from './student-portal-layout';

afterEach(cleanup);

describe('StudentPortalLayout', () => {
  it("shows the privacy notice's line with its current version and a link to the whole notice", () => {
    render(
      <StudentPortalLayout>
        <p>Page</p>
      </StudentPortalLayout>,
    );
    const link = screen.getByRole('link', { name: `Privacy notice (version ${PRIVACY_NOTICE.version})` });
    expect(link.getAttribute('href')).toBe('/privacy');
    expect(screen.getByText(PRIVACY_NOTICE.en.short, { exact: false })).toBeTruthy();
    expect(screen.getByText(PRIVACY_NOTICE.mr.short)).toBeTruthy();
  });
});
