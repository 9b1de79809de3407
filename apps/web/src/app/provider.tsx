import { BrowserRouter, useRoutes } from 'react-router';
import { MountedContext } from './mounted.tsx';
import { routes } from './router.tsx';

interface AppProviderProps {
  /** Runs once the whole tree has mounted (for a prerendered page: once it has hydrated). */
  onMounted?: () => void;
}

/** The route table, rendered for the current URL; the prerender renders it with StaticRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppProvider({ onMounted }: AppProviderProps) {
  // Without transitions: a navigation shows the next page's loading state at once, under its address,
  // instead of keeping the page being left on screen under the new one.
  return (
    <MountedContext value={onMounted}>
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </MountedContext>
  );
}
