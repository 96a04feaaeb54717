import type { DashboardSection } from '@app/domain/dashboard.rules';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { SectionHandle } from '@/components/layouts/dashboard-layout';
import { RequireRole } from '../guards/require-role';
import { SectionError } from './section-error';

/** The route of one dashboard section: its role guard, its screen, and its own error boundary. */
export function sectionRoute(section: DashboardSection, Screen: ComponentType): RouteObject {
  return {
    path: section.path,
    handle: { section } satisfies SectionHandle,
    errorElement: <SectionError />,
    element: (
      <RequireRole roles={section.roles}>
        <Screen />
      </RequireRole>
    ),
  };
}
