import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { takeOverFirstPaint } from '@/lib/first-paint';
import { AppProvider } from './provider';
import type { router as appRouter } from './router';

/** Renders the app into `root`, over the page's prerendered first paint if it has one. */
export function renderApp(root: HTMLElement, router: typeof appRouter): void {
  const restoreFirstPaint = takeOverFirstPaint(root);
  // Synchronous, so what was typed into the first paint goes into the page that replaced it at once.
  flushSync(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
  restoreFirstPaint();
}
