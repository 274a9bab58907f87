import { AnchorButton, Card, H2 } from '@blueprintjs/core';
import { BoxIcon, EditIcon } from '@blueprintjs/icons';
import type { MouseEvent } from 'react';
import { UserAvatar } from '../../../components/UserAvatar';
import { UserDetailsList, type UserDetailsListProps } from '../../../components/UserDetailsList';

export interface AccountOverviewProps extends UserDetailsListProps {
  avatar: string | null;
  onNavigate(path: string): void;
}

export function AccountOverview({ avatar, onNavigate, ...details }: AccountOverviewProps) {
  const go = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    onNavigate(path);
  };
  return (
    <Card className="dashboard__overview">
      <div className="dashboard__overview-head">
        <UserAvatar fullName={details.fullName} avatar={avatar} size="large" />
        <H2 className="dashboard__overview-title">Account overview</H2>
      </div>
      <UserDetailsList {...details} />
      <div className="dashboard__actions">
        <AnchorButton intent="primary" icon={<BoxIcon />} href="/products" onClick={go('/products')}>
          Manage Products
        </AnchorButton>
        <AnchorButton variant="outlined" icon={<EditIcon />} href="/profile/edit" onClick={go('/profile/edit')}>
          Edit Profile
        </AnchorButton>
      </div>
    </Card>
  );
}
