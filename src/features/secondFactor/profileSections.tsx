import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { SecurityRequirementCard } from './SecurityRequirementCard';
import { TwoStepCard } from './TwoStepCard';

/**
 * The profile's part of the second factor: the member's own two-step sign-in (administrators
 * and staff), then the school's requirement (administrators). Nothing for other roles.
 */
export function TwoStepSignInSection() {
  const { user } = useSession();
  if (!can(user?.role, 'secondFactor.enrol')) return null;
  return (
    <>
      <TwoStepCard />
      {can(user?.role, 'integrations.manage') ? <SecurityRequirementCard /> : null}
    </>
  );
}
