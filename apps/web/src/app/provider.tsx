import { RouterProvider } from 'react-router/dom';
import { createRouter } from './router.tsx';

const router = createRouter();

export function AppProvider() {
  return <RouterProvider router={router} />;
}
