import { useEffect } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
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
  // The root's effect runs after every component below it has mounted.
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
