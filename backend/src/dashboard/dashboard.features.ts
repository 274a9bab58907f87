import { UserRole } from '../account/user.entity';

/** A dashboard feature highlight with its call to action; `actionColor` is a Blueprint intent. */
export interface FeatureHighlightView {
  title: string;
  description: string;
  /** A Blueprint icon name. */
  icon: string;
  actionText: string;
  actionLink: string;
  actionColor: 'primary' | 'success' | 'warning' | 'danger' | 'none';
}

const FOR_EVERYONE: FeatureHighlightView[] = [
  {
    title: 'Product catalogue',
    description: 'Search, filter, sort and page through your products, and keep their stock up to date.',
    icon: 'box',
    actionText: 'Manage Products',
    actionLink: '/products',
    actionColor: 'primary',
  },
  {
    title: 'Add a product',
    description: 'Name, price, category, quantity and an image: a new product is in your list at once.',
    icon: 'add',
    actionText: 'Add New Product',
    actionLink: '/products/new',
    actionColor: 'success',
  },
  {
    title: 'Your profile',
    description: 'Change your name, email address, avatar and password.',
    icon: 'person',
    actionText: 'Edit Profile',
    actionLink: '/profile/edit',
    actionColor: 'none',
  },
];

const FOR_ADMINS: FeatureHighlightView[] = [
  {
    title: 'Administration',
    description: 'Accounts and catalogues across the whole app, and every user account.',
    icon: 'shield',
    actionText: 'Admin Statistics',
    actionLink: '/admin',
    actionColor: 'warning',
  },
];

/** Manage Products and Edit Profile for everyone, as the dashboard always offers them; admins also get the admin screen. */
export const featuresFor = (role: UserRole): FeatureHighlightView[] => (role === UserRole.Admin ? [...FOR_EVERYONE, ...FOR_ADMINS] : FOR_EVERYONE);
