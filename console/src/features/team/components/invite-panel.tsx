import { TrawlApiError } from '@trawl/sdk';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { LinkIcon, MailIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { formatDate } from '../../../lib/dates';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';
import { useRefreshInvites, useTeamId } from '../api/team';

const EMAIL = /^\S+@\S+$/;

/** Two ways to invite: a link anyone can use for 7 days, or an email only that address can accept. */
export function InvitePanel() {
  const trawl = useTrawl();
  const teamId = useTeamId();
  const refreshInvites = useRefreshInvites();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [creatingLink, setCreatingLink] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const createLink = async () => {
    setCreatingLink(true);
    try {
      const { inviteLink, expiresAt } = await trawl.teams.createInviteLink(teamId);
      setLink({ url: inviteLink, expiresAt });
      refreshInvites();
    } catch (err: unknown) {
      reportFailure('createInviteLink', err);
    } finally {
      setCreatingLink(false);
    }
  };

  const sendEmail = async (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setEmailError('Invalid email');
      return;
    }
    setSending(true);
    try {
      await trawl.teams.sendInviteEmail(teamId, address);
      toast.success(`Invitation sent to ${address}`);
      setEmail('');
      refreshInvites();
    } catch (err: unknown) {
      if (err instanceof TrawlApiError && (err.status === 400 || err.status === 409))
        setEmailError(err.message);
      else reportFailure('sendInviteEmail', err);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="invite-panel">
      <section className="invite-panel__section" aria-labelledby="invite-link-title">
        <h3 id="invite-link-title" className="invite-panel__title">
          <LinkIcon /> Invite link
        </h3>
        <p className="muted">Anyone with the link can join your team for 7 days.</p>
        {link ? (
          <>
            <div className="copy-field">
              <code className="copy-field__value" aria-label="Invite link address">
                {link.url}
              </code>
              <CopyButton text={link.url} label="Copy" ariaLabel="Copy invite link" />
            </div>
            <p className="field__hint">Works until {formatDate(link.expiresAt)}.</p>
          </>
        ) : (
          <Button icon={<LinkIcon />} loading={creatingLink} onClick={createLink}>
            Create invite link
          </Button>
        )}
      </section>
      <form
        className="invite-panel__section form"
        onSubmit={sendEmail}
        noValidate
        aria-labelledby="invite-email-title"
      >
        <h3 id="invite-email-title" className="invite-panel__title">
          <MailIcon /> Invite by email
        </h3>
        <div className="inline-form">
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            placeholder="colleague@example.com"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setEmailError(null);
            }}
            error={emailError}
          />
          <Button type="submit" variant="primary" loading={sending}>
            Send invite
          </Button>
        </div>
      </form>
    </div>
  );
}
