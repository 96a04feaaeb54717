import { config as zodConfig } from 'zod/v4/core';
import './index.css';

// Our CSP forbids eval: zod must not even probe for it (the probe is reported as a violation).
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Lets the browser paint and handle input between two long pieces of start-up work. */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The app starts in steps, each its own task: the router (which starts loading the first page's code),
 * then React and the providers, then the first render once the router has the page's code. One
 * script evaluating all of it at once would block a slow phone's main thread for several hundred ms.
 * The page's prerendered first paint (if any) stays on screen until then.
 */
async function start(element: HTMLElement): Promise<void> {
  const { router, whenRouterReady } = await import('./app/router');
  await yieldToBrowser();
  const { renderApp } = await import('./app/render');
  await whenRouterReady();
  await yieldToBrowser();
  renderApp(element, router);
}

void start(root);
