export { offlineChangesPath } from '../../lib/urls';
