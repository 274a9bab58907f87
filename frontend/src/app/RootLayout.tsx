import { StockHereProvider } from '../features/products/stock/StockHereProvider';
import { QuickSearchProvider } from '../features/quick-search/QuickSearchProvider';
import { AuthProvider } from '../lib/session';
import { WorkspaceProvider } from '../lib/workspace';
import { AppShell } from './AppShell';

/**
 * The auth provider sits inside the router: sign-out navigates; the workspace provider inside it, per account. The quick
 * search, inside both, opens pages and reads the session. The products' stock dialogs are lent to a location's page.
 */
export function RootLayout() {
  return (
    <AuthProvider>
      <WorkspaceProvider>
        <QuickSearchProvider>
          <StockHereProvider>
            <AppShell />
          </StockHereProvider>
        </QuickSearchProvider>
      </WorkspaceProvider>
    </AuthProvider>
  );
}
