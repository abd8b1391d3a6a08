import { useEffect, useState } from 'react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';

/**
 * Whether a learner is signed in, for the public page's header (null while unknown). Read from
 * Amplify's session directly: features do not import one another.
 */
export function useSignedIn(): boolean | null {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    const check = () => {
      fetchAuthSession()
        .then((session) => live && setSignedIn(!!session.tokens?.idToken))
        .catch(() => live && setSignedIn(false));
    };
    check();
    const stop = Hub.listen('auth', check);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return signedIn;
}
