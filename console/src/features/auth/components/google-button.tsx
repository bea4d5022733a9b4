import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { GoogleLogo } from '../../../components/ui/icons';
import { env } from '../../../config/env';
import { useTrawl } from '../../../lib/session';

type GoogleState = { status: 'checking' } | { status: 'ready'; url: string } | { status: 'not-configured' };

/** Continue with Google: to Google when the server has a Google client; says so when it has none. */
export function GoogleButton() {
  const trawl = useTrawl();
  const [state, setState] = useState<GoogleState>({ status: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    trawl.auth.googleSignInUrl({ signal: controller.signal }).then(
      (url) => setState(url ? { status: 'ready', url } : { status: 'not-configured' }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        // The button still tries: the server's answer there says what is wrong.
        console.warn('Checking Google sign-in failed', err);
        setState({ status: 'ready', url: `${env.apiUrl}/auth/google` });
      },
    );
    return () => controller.abort();
  }, [trawl]);

  if (state.status === 'not-configured') {
    return (
      <Button
        className="button--block"
        icon={<GoogleLogo />}
        disabled
        title="Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET on the server"
      >
        Google sign-in is not configured
      </Button>
    );
  }
  return (
    <Button
      className="button--block"
      icon={<GoogleLogo />}
      loading={state.status === 'checking'}
      onClick={() => state.status === 'ready' && window.location.assign(state.url)}
    >
      Continue with Google
    </Button>
  );
}
