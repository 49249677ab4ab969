import { Button, ButtonLink } from '../../../components/ui';
import { homePathFor, isLoggedIn, readSession } from '../../../lib/session';
import { signOut } from '../../../api/auth';
import { Container } from '../components/blocks';
import { Icon } from '../components/icons';

import { usePageTitle } from '../lib/use-page-title';
import { usePublicText } from '../lib/use-public-text';
import { paths } from '../../../lib/paths';

export function UnauthorizedPage() {
  const { t } = usePublicText();
  usePageTitle(t('unauthorized.pageTitle'));
  const home = homePathFor(readSession().userRole);
  // /signIn sends a signed-in user straight back to the dashboard, so switching accounts signs out first.
  const signedIn = isLoggedIn();
  return (
    <Container className="flex flex-col items-center py-16 text-center sm:py-24">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <Icon name="lock" className="size-7" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-stone-600 uppercase">{t('unauthorized.code')}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">{t('unauthorized.title')}</h1>
      <p className="mt-4 max-w-xl text-base leading-relaxed text-stone-700">{t('unauthorized.body')}</p>
      <p className="mt-2 max-w-xl text-base leading-relaxed text-stone-700">{t('unauthorized.help')}</p>
      <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to={home} size="lg">
          {t('unauthorized.dashboard')}
        </ButtonLink>
        {signedIn ? (
          <Button variant="secondary" size="lg" onClick={() => signOut()}>
            {t('unauthorized.otherAccount')}
          </Button>
        ) : (
          <ButtonLink to={paths.signIn} variant="secondary" size="lg">
            {t('unauthorized.otherAccount')}
          </ButtonLink>
        )}
      </div>
    </Container>
  );
}
