import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

export function AppProvider({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return <RouterProvider router={router} />;
}
