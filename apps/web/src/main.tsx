import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { preloadPages, routes } from './app/router.tsx';
import { replayEarlyInput } from './lib/early-input.ts';
import './styles/global.css';

const container = document.getElementById('root')!;

// No top-level await in this module: with one, the bundler must keep every module the route chunks
// share with it out of this chunk (they would otherwise wait on it), and the shell's first load
// became 11 files and 3 kB more gzip (docs/performance.md#initial-javascript).
if (container.firstElementChild) void hydratePrerendered();
else {
  createRoot(container).render(
    <StrictMode>
      <AppProvider />
    </StrictMode>,
  );
}

/**
 * A prerendered page (docs/decisions/014-prerendered-public-pages.md#how): its pages' modules load
 * before it hydrates, so the first render is the page itself, as in the HTML, not a blank.
 */
async function hydratePrerendered() {
  await preloadPages(matchRoutes(routes, window.location) ?? []);
  // As a transition, React hydrates in short slices and the page stays responsive meanwhile
  // (Lighthouse's Total Blocking Time counts every task over 50 ms).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <AppProvider onMounted={() => replayEarlyInput(container)} />
      </StrictMode>,
    );
  });
}
