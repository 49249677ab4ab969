import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Reads a one-time token (password reset, invitation) from the query once, then takes it out of the
 * address with a history replace, so it is not kept in the history, a bookmark or a shared screenshot.
 * The token lives on in this component's state only.
 */
export function useOneTimeUrlToken(name: string): string {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get(name) ?? '');
  useEffect(() => {
    if (!params.has(name)) return;
    const rest = new URLSearchParams(params);
    rest.delete(name);
    setParams(rest, { replace: true, preventScrollReset: true });
  }, [params, name, setParams]);
  return token;
}
