import { createBrowserRouter } from 'react-router-dom';
import { Home } from './home.tsx';
import { Landing } from './landing.tsx';
import { NotFound } from './not-found.tsx';

export const router = createBrowserRouter([
  { path: '/', element: <Landing />, errorElement: <NotFound /> },
  { path: '/home', element: <Home />, errorElement: <NotFound /> },
  { path: '*', element: <NotFound /> },
]);
