/** What the sign-in page needs when the provider sends the browser back: loaded only then. */
export { singleSignOnErrorMessage } from '@stockroom/schema';
export { takeSingleSignOnSession } from './single-sign-on-session';
