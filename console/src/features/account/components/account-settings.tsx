import { ProfileCard } from './profile-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';

/** /settings: the signed-in user's own account. */
export function AccountSettings() {
  return (
    <>
      <ProfileCard />
      <PasswordCard />
      <SessionsCard />
    </>
  );
}
