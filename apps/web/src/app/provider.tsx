import { useEffect } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

interface AppProviderProps {
  router: ReturnType<typeof createBrowserRouter>;
  /** Runs once the whole tree has mounted (for a prerendered page: once it has hydrated). */
  onMounted?: () => void;
}

export function AppProvider({ router, onMounted }: AppProviderProps) {
  // The root's effect runs after every component below it has mounted.
  useEffect(() => onMounted?.(), [onMounted]);
  return <RouterProvider router={router} />;
}
