import { PeopleIcon } from '@blueprintjs/icons';
import { GeneralMessages, USER_STATUS, UserMessages } from '@stockroom/schema';
import { useAdminStatsQuery, useUserDeactivateMutation, useUserListQuery, useUserUpdateMutation } from '@stockroom/schema/generated/hooks';
import type { UserDetailsFragment } from '@stockroom/schema/generated/graphql';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError } from '../../../components/LoadError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SignedInTitles } from '../../../lib/page-titles';
import { useSearchText } from '../../../lib/useSearchText';
import { useAuth } from '../../../lib/session';
import { AccessDenied } from '../components/AccessDenied';
import { AdminStatsCards } from '../components/AdminStatsCards';
import { DeactivateUserAlert } from '../components/DeactivateUserAlert';
import { UserSearch } from '../components/UserSearch';
import { UserTable } from '../components/UserTable';
import { serverMessageOr } from '../../../lib/errors';
import { isAccessDenied } from '../admin-errors';
import { parseUserListParams, serializeUserListParams, toUserListQuery, type UserListParams } from '../user-list-params';
import type { UserRowAction } from '../user-row-actions';
import '../admin.css';
import { EmptyState } from '../../../components/EmptyState';

/** Every admin write changes the figures too. */
const REFRESH_STATS = ['AdminStats'];

/**
 * /admin: the app's figures and every account, for admins. Whether the
 * viewer is one is the server's answer (FORBIDDEN), not the role the client
 * holds: a member gets the access-denied state and never any figure.
 */
export default function AdminPage() {
  usePageTitle(SignedInTitles.admin);
  const { state } = useAuth();
  const viewerId = state.user?.id ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseUserListParams(searchParams), [searchParams]);
  const go = (next: UserListParams) => setSearchParams(serializeUserListParams(next));

  const stats = useAdminStatsQuery({ fetchPolicy: 'cache-and-network' });
  const list = useUserListQuery({ variables: { query: toUserListQuery(params) }, fetchPolicy: 'cache-and-network' });
  const [updateUser] = useUserUpdateMutation({ refetchQueries: REFRESH_STATS });
  const [deactivateUser, { loading: deactivating }] = useUserDeactivateMutation({ refetchQueries: REFRESH_STATS });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [toDeactivate, setToDeactivate] = useState<UserDetailsFragment | null>(null);

  // The search box shows what is typed; the URL (and the request) follow after the debounce.
  const search = useSearchText(params.search, (text) => go({ page: 1, search: text }));

  if (isAccessDenied(stats.error) || isAccessDenied(list.error)) {
    return (
      <div className="page admin-page">
        <PageHeader title="Admin" />
        <AccessDenied />
      </div>
    );
  }

  const change = async (user: UserDetailsFragment, input: { role?: UserDetailsFragment['role']; status?: UserDetailsFragment['status'] }) => {
    setBusyId(user.id);
    try {
      // The answer is the normalised User: its row updates by itself.
      await updateUser({ variables: { id: user.id, input } });
      toast.success(`${user.fullName} is now ${input.role ?? input.status}`);
    } catch (error) {
      toast.error(serverMessageOr(error, UserMessages.updateFailed));
    } finally {
      setBusyId(null);
    }
  };

  const confirmDeactivate = async () => {
    if (!toDeactivate) return;
    const { id } = toDeactivate;
    setBusyId(id);
    try {
      const { data } = await deactivateUser({
        variables: { id },
        // The answer is only a message: the row's status changes here.
        update: (cache) => cache.modify({ id: cache.identify({ __typename: 'User', id }), fields: { status: () => USER_STATUS.inactive } }),
      });
      toast.success(data?.deactivateUser.message || UserMessages.deactivated);
    } catch (error) {
      toast.error(serverMessageOr(error, UserMessages.deactivateFailed));
    } finally {
      setBusyId(null);
      setToDeactivate(null);
    }
  };

  const onAction = (user: UserDetailsFragment, action: UserRowAction) => {
    if (action.kind === 'deactivate') setToDeactivate(user);
    else if (action.kind === 'reactivate') void change(user, { status: USER_STATUS.active });
    else void change(user, { role: action.role });
  };

  const statsData = stats.dataState === 'complete' ? stats.data.adminStats : null;
  const listData = list.dataState === 'complete' ? list.data.users : null;

  const listContent = () => {
    if (!listData) {
      if (list.error) return <LoadError message={GeneralMessages.somethingWentWrong} onRetry={() => void list.refetch()} />;
      return <LoadingScreen label="Loading users" />;
    }
    if (listData.users.length === 0) {
      return <EmptyState headingLevel={3} icon={<PeopleIcon size={48} />} title={params.search ? 'No users match your search' : 'No users yet'} />;
    }
    const { pagination } = listData;
    return (
      <>
        <UserTable users={listData.users} viewerId={viewerId} busyId={busyId} onAction={onAction} />
        <ListPagination noun="users" shown={listData.users.length} pagination={pagination} onPageChange={(page) => go({ ...params, page })} />
      </>
    );
  };

  return (
    <div className="page admin-page">
      <PageHeader title="Admin" subtitle="Accounts and catalogues across the whole app." />
      {statsData ? (
        <AdminStatsCards stats={statsData} />
      ) : stats.error ? (
        <LoadError message={GeneralMessages.somethingWentWrong} onRetry={() => void stats.refetch()} />
      ) : (
        <LoadingScreen label="Loading statistics" />
      )}
      <section className="admin-users" aria-label="Users" aria-busy={list.loading}>
        <h2 className="admin-users__title">Users</h2>
        <UserSearch text={search.text} onChange={search.change} onSubmit={search.submit} />
        {listContent()}
      </section>
      <DeactivateUserAlert
        user={toDeactivate}
        deactivating={deactivating}
        onConfirm={() => void confirmDeactivate()}
        onCancel={() => setToDeactivate(null)}
      />
    </div>
  );
}
