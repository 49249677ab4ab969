import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../lib/paths';
import { readSession } from '../../lib/session';
import { welcomePending } from '../../lib/welcome';

// Loaded only for a user who has a welcome pending: everyone else never downloads it.
const WelcomeDialog = lazy(() => import('../../features/welcome/components/welcome-dialog'));

/** A landing page (overview, quick view) with the first-sign-in welcome over it when one is pending. */
export function WithWelcome({ children }: { children: ReactNode }) {
  const [session] = useState(readSession);
  // A consultant's landing page is their rooms (consultants feature); the staff welcome is not for them.
  const role = session.userRole === 'Consultant' ? null : session.userRole;
  const pending = session.userId !== null && session.userRole !== 'Consultant' && welcomePending(session.userId);
  // The staff landing pages read the whole company: a consultant lands on their own rooms instead.
  if (session.userRole === 'Consultant') return <Navigate to={paths.consultants} replace />;
  return (
    <>
      {children}
      {pending && session.userId !== null && (
        <Suspense fallback={null}>
          <WelcomeDialog userId={session.userId} role={role} />
        </Suspense>
      )}
    </>
  );
}
