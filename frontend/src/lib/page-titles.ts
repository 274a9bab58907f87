/**
 * The names of the signed-in screens, as their tabs show them. Each page
 * names itself with one, and the build's page shell of its route carries
 * the same name before the script has run and the session been checked.
 */
export const SignedInTitles = {
  dashboard: 'Dashboard',
  products: 'Product Management',
  productNew: 'Add New Product',
  product: 'Product Details',
  productEdit: 'Edit Product',
  trash: 'Trash',
  profile: 'Profile',
  profileEdit: 'Edit Profile',
  admin: 'Admin',
  members: 'Members',
  locations: 'Locations',
  location: 'Location',
  stockCounts: 'Stock counts',
  stockCount: 'Stock count',
  offline: 'Offline Changes',
} as const;
