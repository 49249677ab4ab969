import { lazy, Suspense, useState, type ReactNode } from 'react';
import { readSession } from '../../lib/session';
import { welcomePending } from '../../lib/welcome';

// Loaded only for a user who has a welcome pending: everyone else never downloads it.
const WelcomeDialog = lazy(() => import('../../features/welcome/components/welcome-dialog'));

/** A landing page (overview, quick view) with the first-sign-in welcome over it when one is pending. */
export function WithWelcome({ children }: { children: ReactNode }) {
  const [session] = useState(readSession);
  const pending = session.userId !== null && welcomePending(session.userId);
  return (
    <>
      {children}
      {pending && session.userId !== null && (
        <Suspense fallback={null}>
          <WelcomeDialog userId={session.userId} role={session.userRole} />
        </Suspense>
      )}
    </>
  );
}
