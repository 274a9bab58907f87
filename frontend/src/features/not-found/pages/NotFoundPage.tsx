import { SearchIcon } from '@blueprintjs/icons';
import { LinkButton } from '../../../components/LinkButton';
import { usePageTitle } from '../../../lib/usePageTitle';
import { homePath } from '../../../lib/urls';
import { EmptyState } from '../../../components/EmptyState';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <div className="page page--centered">
      <EmptyState
        headingLevel={1}
        icon={<SearchIcon size={48} />}
        title="Page not found"
        description="The page you are looking for does not exist or has moved."
        action={
          <LinkButton intent="primary" to={homePath}>
            Go to Home
          </LinkButton>
        }
      />
    </div>
  );
}
