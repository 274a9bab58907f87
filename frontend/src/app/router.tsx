import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireAuth } from '../features/auth';
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

/** Routes of section 2, plus /auth/verify-email, the product create, detail and edit screens (DESIGN.md) and /admin. */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <Navigate to="/auth/login" replace /> },
      {
        element: <GuestOnly />,
        children: [
          { path: '/auth/login', element: <SignInPage /> },
          { path: '/auth/signup', element: <SignUpPage /> },
        ],
      },
      { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/auth/reset-password', element: <ResetPasswordPage /> },
      { path: '/auth/verify-email', element: <VerifyEmailPage /> },
      { path: '/help', element: <HelpPage /> },
      { path: '/404', element: <NotFoundPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/products', element: <ProductListPage /> },
          { path: '/products/new', element: <ProductCreatePage /> },
          { path: '/products/:id', element: <ProductDetailsPage /> },
          { path: '/products/:id/edit', element: <ProductEditPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/profile/edit', element: <ProfileEditPage /> },
          { path: '/admin', element: <AdminPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
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
