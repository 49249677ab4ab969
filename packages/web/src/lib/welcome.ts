/**
 * The first-sign-in welcome. A user's first sign-in is the sign-up itself (Create_new_user answers a
 * signed-in session; accounts exist only through invitations), so the sign-up arms the welcome for
 * that user id and the landing page shows it until the user dismisses it. Per user and per device:
 * an existing account signing in on a new phone is not "new" and sees nothing.
 */
const key = (userId: number) => `verdant.welcome.${userId}`;

export function armWelcome(userId: number): void {
  try {
    localStorage.setItem(key(userId), 'pending');
  } catch {
    // Storage full or blocked: the welcome is a courtesy, sign-up goes on without it.
  }
}

export function welcomePending(userId: number | null): boolean {
  if (userId === null) return false;
  try {
    return localStorage.getItem(key(userId)) === 'pending';
  } catch {
    return false;
  }
}

export function dismissWelcome(userId: number): void {
  try {
    localStorage.removeItem(key(userId));
  } catch {
    // Nothing to forget.
  }
}
