import type { CreatedApiToken } from '@trawl/sdk';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';

/** The new token, shown this once with a copy button: only its hash is kept. */
export function CreatedTokenModal({ token, onClose }: { token: CreatedApiToken; onClose(): void }) {
  return (
    <Modal
      title="API token created"
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="form">
        <FormAlert tone="info">
          Copy the token now: it is shown only this once. Trawl keeps only a fingerprint of it.
        </FormAlert>
        <div className="copy-field">
          <code className="copy-field__value" aria-label={`API token ${token.name}`}>
            {token.token}
          </code>
          <CopyButton text={token.token} label="Copy" ariaLabel="Copy API token" />
        </div>
        <p className="muted">
          Send it as <code>Authorization: Bearer &lt;token&gt;</code>, or sign the CLI in with{' '}
          <code>trawl login --token</code>.
        </p>
      </div>
    </Modal>
  );
}
