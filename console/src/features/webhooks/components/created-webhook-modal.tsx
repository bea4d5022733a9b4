import type { CreatedWebhookEndpoint } from '@trawl/sdk';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';

/** The new endpoint's signing secret, shown this once with a copy button. */
export function CreatedWebhookModal({
  endpoint,
  onClose,
}: {
  endpoint: CreatedWebhookEndpoint;
  onClose(): void;
}) {
  return (
    <Modal
      title="Webhook endpoint added"
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="form">
        <FormAlert tone="info">
          Copy the signing secret now: it is shown only this once. Use it to verify that deliveries come from
          Trawl.
        </FormAlert>
        <div className="copy-field">
          <code className="copy-field__value" aria-label="Signing secret">
            {endpoint.secret}
          </code>
          <CopyButton text={endpoint.secret} label="Copy" ariaLabel="Copy signing secret" />
        </div>
        <p className="muted">
          Each delivery carries <code>Trawl-Signature: t=…,v1=…</code>; check it with{' '}
          <code>verifyWebhookSignature</code> from the SDK.
        </p>
      </div>
    </Modal>
  );
}
