import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { config as zodConfig } from 'zod/v4/core';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import './index.css';

// Our CSP forbids eval: zod must not even probe for it (the probe is reported as a violation).
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
