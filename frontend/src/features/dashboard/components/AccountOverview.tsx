import { Card, H2 } from '@blueprintjs/core';
import { BoxIcon, EditIcon } from '@blueprintjs/icons';
import { LinkButton } from '../../../components/LinkButton';
import { UserAvatar } from '../../../components/UserAvatar';
import { UserDetailsList, type UserDetailsListProps } from '../../../components/UserDetailsList';

export interface AccountOverviewProps extends UserDetailsListProps {
  avatar: string | null;
}

export function AccountOverview({ avatar, ...details }: AccountOverviewProps) {
  return (
    <Card className="dashboard__overview">
      <div className="dashboard__overview-head">
        <UserAvatar fullName={details.fullName} avatar={avatar} size="large" />
        <H2 className="dashboard__overview-title">Account overview</H2>
      </div>
      <UserDetailsList {...details} />
      <div className="dashboard__actions">
        <LinkButton intent="primary" icon={<BoxIcon />} to="/products">
          Manage Products
        </LinkButton>
        <LinkButton variant="outlined" icon={<EditIcon />} to="/profile/edit">
          Edit Profile
        </LinkButton>
      </div>
    </Card>
  );
}
