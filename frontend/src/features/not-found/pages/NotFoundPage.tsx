import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../lib/usePageTitle';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  const navigate = useNavigate();
  return (
    <div className="page page--centered">
      <NonIdealState
        icon={<SearchIcon size={48} />}
        title="Page not found"
        description="The page you are looking for does not exist or has moved."
        action={
          <AnchorButton
            intent="primary"
            href="/"
            onClick={(event) => {
              event.preventDefault();
              navigate('/');
            }}
          >
            Go to Home
          </AnchorButton>
        }
      />
    </div>
  );
}
