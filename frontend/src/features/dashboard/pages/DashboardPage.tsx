import { Button, Callout, H2 } from '@blueprintjs/core';
import { BoxIcon, RefreshIcon } from '@blueprintjs/icons';
import { AuthMessages } from '@stockroom/schema';
import { DashboardDocument, useDashboardQuery, useResendVerificationMutation } from '@stockroom/schema/generated/hooks';
import { lazy, Suspense, useState } from 'react';
import { AfterPaint } from '../../../components/AfterPaint';
import { EmptyState } from '../../../components/EmptyState';
import { LinkButton } from '../../../components/LinkButton';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageHeader } from '../../../components/PageHeader';
import { extractErrorMessage } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SignedInTitles } from '../../../lib/page-titles';
import { fullNameOf, useAuth } from '../../../lib/session';
import { productNewPath } from '../../../lib/urls';
import { AccountOverview } from '../components/AccountOverview';
import { FeatureHighlights } from '../components/FeatureHighlights';
import { NeedsReordering } from '../components/NeedsReordering';
import { RecentActivity } from '../components/RecentActivity';
import { VerifyEmailReminder } from '../components/VerifyEmailReminder';
import { greetingFor } from '../dashboard-wording';
import { isEmptyInventory } from '../inventory-chart-data';
import { useNow } from '../../../lib/useNow';
import { useOffline } from '../../../lib/offline/network-status';
import { useFirstViewFetchPolicy, type PreloadData } from '../../../lib/preload-data';
import '../dashboard.css';

/**
 * Its own chunk: the chart library is fetched on this page only, once the dashboard's body is on
 * screen and has something to chart. Its place shows "Loading charts" until then, so the body (the
 * reminder at the top included) never waits for it, nor shares the line with it on a slow phone.
 */
const InventoryCharts = lazy(() => import('../components/InventoryCharts'));
/** What the dashboard says with no network: only ever loaded then. */
const DashboardOffline = lazy(() => import('../components/DashboardOffline'));

/** The dashboard's answer, asked for before the app's first render. */
export const preloadData: PreloadData = (client) => client.query({ query: DashboardDocument });

export default function DashboardPage() {
  usePageTitle(SignedInTitles.dashboard);
  const { state } = useAuth();
  // cache-and-network: coming back after adding a product shows it in the activity and the figures.
  const dashboard = useDashboardQuery({ fetchPolicy: useFirstViewFetchPolicy('cache-and-network') });
  const now = useNow();
  const [resend, { loading: sending }] = useResendVerificationMutation();
  const [resendResult, setResendResult] = useState<{ ok: boolean; message: string } | null>(null);
  const offline = useOffline();
  const user = state.user;
  if (!user) return null;
  const fullName = fullNameOf(user);
  // The placeholder of a restored session counts as verified: no reminder until the profile is in.
  const showReminder = !user.emailVerified;
  const data = dashboard.data?.dashboard;
  // Its figures are the server's: with no network it says so, and points to what works offline. A
  // server that fails to answer gets the error and its Try again, as any other failure.
  const needsNetwork = !data && offline;

  const onResend = () => {
    setResendResult(null);
    resend()
      .then(({ data }) =>
        setResendResult({ ok: true, message: data?.resendVerification.message || AuthMessages.verificationSent }),
      )
      .catch((error: unknown) => setResendResult({ ok: false, message: extractErrorMessage(error) }));
  };
  const retry = () => void dashboard.refetch().catch(() => undefined);
  const chartsLoading = <LoadingScreen label="Loading charts" />;

  // The page fills in at once when both the profile (which decides the verification reminder at
  // the top) and the dashboard have answered: drawn piece by piece, each late part pushed the rest down.
  const waiting = state.loading || (!data && !dashboard.error && !needsNetwork);

  if (needsNetwork && !waiting) {
    return (
      <div className="page dashboard">
        <PageHeader title="Dashboard" subtitle={greetingFor(user.firstName, undefined)} />
        <Suspense fallback={<LoadingScreen label="Loading your dashboard" />}>
          <DashboardOffline />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="page dashboard">
      {/* A blank line holds the greeting's place, so the heading does not move when it arrives. */}
      <PageHeader title="Dashboard" subtitle={waiting ? '\u00a0' : greetingFor(user.firstName, data?.overview.returning)} />
      {waiting ? (
        <LoadingScreen label="Loading your dashboard" />
      ) : (
        <>
          {showReminder && (
            <VerifyEmailReminder email={user.email} sending={sending} result={resendResult} onResend={onResend} />
          )}
          {dashboard.error && !dashboard.loading && (
            <Callout intent="danger" className="dashboard__error" role="alert">
              <H2 className="dashboard__callout-title">The dashboard could not be loaded</H2>
              <p>{extractErrorMessage(dashboard.error)}</p>
              <Button icon={<RefreshIcon />} onClick={retry}>
                Try again
              </Button>
            </Callout>
          )}
          {/* What to reorder is the day's first job, so it comes before the account and the activity. */}
          {data && data.overview.totalProducts > 0 && (
            <NeedsReordering products={data.needsReordering} total={data.overview.needsReordering} />
          )}
          <div className="dashboard__grid">
            <AccountOverview
              fullName={fullName}
              email={user.email}
              role={user.role}
              status={user.status}
              createdAt={user.createdAt}
              emailVerified={user.emailVerified}
              avatar={user.avatar}
              totals={data ? data.overview : null}
            />
            {data ? (
              <RecentActivity items={data.recentActivity} now={now} />
            ) : (
              dashboard.loading && <LoadingScreen label="Loading recent activity" />
            )}
          </div>
          {data &&
            (isEmptyInventory(data.inventory) ? (
              <EmptyState
                headingLevel={2}
                className="dashboard__panel dashboard__empty"
                icon={<BoxIcon size={40} />}
                title="No products yet"
                description="Add a product and its value and stock will be charted here."
                action={
                  <LinkButton intent="primary" to={productNewPath}>
                    Add Your First Product
                  </LinkButton>
                }
              />
            ) : (
              <Suspense fallback={chartsLoading}>
                <AfterPaint fallback={chartsLoading}>
                  <InventoryCharts inventory={data.inventory} />
                </AfterPaint>
              </Suspense>
            ))}
          {data && <FeatureHighlights features={data.features} />}
        </>
      )}
    </div>
  );
}
