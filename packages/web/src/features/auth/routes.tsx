import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingState } from '../../components/ui';
import { paths } from '../../lib/paths';

const SignInPage = lazy(() => import('./components/sign-in-page'));
const SignUpPage = lazy(() => import('./components/sign-up-page'));
const ResetPasswordPage = lazy(() => import('./components/reset-password-page'));
const NewPasswordPage = lazy(() => import('./components/new-password-page'));

function page(node: ReactNode) {
  return <Suspense fallback={<LoadingState />}>{node}</Suspense>;
}

export const authRoutes: RouteObject[] = [
  { path: paths.login, element: <Navigate to={paths.signIn} replace /> },
  { path: paths.signIn, element: page(<SignInPage />) },
  { path: paths.signUp, element: page(<SignUpPage />) },
  { path: paths.resetPassword, element: page(<ResetPasswordPage />) },
  { path: paths.newPassword, element: page(<NewPasswordPage />) },
];
