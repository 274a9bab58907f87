export { homePath } from '../../lib/urls';
