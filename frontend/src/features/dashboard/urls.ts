export { dashboardPath } from '../../lib/urls';
