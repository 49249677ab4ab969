import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingState } from '../../components/ui';

const SignInPage = lazy(() => import('./components/sign-in-page'));
const SignUpPage = lazy(() => import('./components/sign-up-page'));
const ResetPasswordPage = lazy(() => import('./components/reset-password-page'));
const NewPasswordPage = lazy(() => import('./components/new-password-page'));

function page(node: ReactNode) {
  return <Suspense fallback={<LoadingState />}>{node}</Suspense>;
}

export const authRoutes: RouteObject[] = [
  { path: '/login', element: <Navigate to="/signIn" replace /> },
  { path: '/signIn', element: page(<SignInPage />) },
  { path: '/signUp', element: page(<SignUpPage />) },
  { path: '/ResetPassword', element: page(<ResetPasswordPage />) },
  { path: '/NewPassword', element: page(<NewPasswordPage />) },
];
