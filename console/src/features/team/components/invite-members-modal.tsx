import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { InvitePanel } from './invite-panel';

/** The sidebar's Invite Members dialog. */
export function InviteMembersModal({ onClose }: { onClose(): void }) {
  return (
    <Modal
      title="Invite members"
      size="lg"
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <InvitePanel />
    </Modal>
  );
}
