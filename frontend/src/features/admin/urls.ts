export { adminPath } from '../../lib/urls';
