import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { GuestOnly } from './GuestOnly';
import { RequireAuth } from './RequireAuth';
import { adminPath } from '../features/admin/urls';
import { authPath, forgotPasswordPath, resetPasswordPath, signInPath, signUpPath, verifyEmailPath } from '../features/auth/urls';
import { dashboardPath } from '../features/dashboard/urls';
import { helpPath } from '../features/help/urls';
import { homePath } from '../features/home/urls';
import { notFoundPath } from '../features/not-found/urls';
import { productEditRoute, productListPath, productNewPath, productRoute } from '../features/products/urls';
import { profileEditPath, profilePath } from '../features/profile/urls';
import { RootLayout } from './RootLayout';

// One chunk per page: the sign-in screen loads only what it renders.
const HomePage = lazy(() => import('../features/home/pages/HomePage'));
const SignInPage = lazy(() => import('../features/auth/pages/SignInPage'));
const SignUpPage = lazy(() => import('../features/auth/pages/SignUpPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/pages/VerifyEmailPage'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const ProductListPage = lazy(() => import('../features/products/pages/ProductListPage'));
const ProductCreatePage = lazy(() => import('../features/products/pages/ProductCreatePage'));
const ProductDetailsPage = lazy(() => import('../features/products/pages/ProductDetailsPage'));
const ProductEditPage = lazy(() => import('../features/products/pages/ProductEditPage'));
const ProfilePage = lazy(() => import('../features/profile/pages/ProfilePage'));
const ProfileEditPage = lazy(() => import('../features/profile/pages/ProfileEditPage'));
const AdminPage = lazy(() => import('../features/admin/pages/AdminPage'));
const HelpPage = lazy(() => import('../features/help/pages/HelpPage'));
const NotFoundPage = lazy(() => import('../features/not-found/pages/NotFoundPage'));

/** Every screen's route; an unknown path redirects home. */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: homePath, element: <HomePage /> },
      { path: authPath, element: <Navigate to={signInPath} replace /> },
      {
        element: <GuestOnly />,
        children: [
          { path: signInPath, element: <SignInPage /> },
          { path: signUpPath, element: <SignUpPage /> },
        ],
      },
      { path: forgotPasswordPath, element: <ForgotPasswordPage /> },
      { path: resetPasswordPath, element: <ResetPasswordPage /> },
      { path: verifyEmailPath, element: <VerifyEmailPage /> },
      { path: helpPath, element: <HelpPage /> },
      { path: notFoundPath, element: <NotFoundPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: dashboardPath, element: <DashboardPage /> },
          { path: productListPath, element: <ProductListPage /> },
          { path: productNewPath, element: <ProductCreatePage /> },
          { path: productRoute, element: <ProductDetailsPage /> },
          { path: productEditRoute, element: <ProductEditPage /> },
          { path: profilePath, element: <ProfilePage /> },
          { path: profileEditPath, element: <ProfileEditPage /> },
          { path: adminPath, element: <AdminPage /> },
        ],
      },
      { path: '*', element: <Navigate to={homePath} replace /> },
    ],
  },
];

/**
 * A declarative router rather than a data router: nothing here uses loaders
 * or actions, and the data router's extra code would not fit the sign-in
 * page's bundle budget.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
