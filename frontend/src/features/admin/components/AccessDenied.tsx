import { ShieldIcon } from '@blueprintjs/icons';
import { AuthMessages } from '@stockroom/schema';
import { LinkButton } from '../../../components/LinkButton';
import { dashboardPath } from '../../../lib/urls';
import { EmptyState } from '../../../components/EmptyState';

/** What a member sees at /admin: the server's refusal, and a way back. */
export function AccessDenied() {
  return (
    <EmptyState
      headingLevel={1}
      className="admin-denied"
      icon={<ShieldIcon size={48} />}
      title={AuthMessages.accessDenied}
      description="The admin area is for administrators only."
      action={
        <LinkButton intent="primary" to={dashboardPath}>
          Go to Dashboard
        </LinkButton>
      }
    />
  );
}
