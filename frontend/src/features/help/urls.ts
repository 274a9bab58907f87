export { helpPath } from '../../lib/urls';
