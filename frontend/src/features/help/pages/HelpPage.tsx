import { Card, H2 } from '@blueprintjs/core';
import { PASSWORD_MIN_LENGTH, SESSION_TIMEOUT_MS } from '@stockroom/schema';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/usePageTitle';
import { forgotPasswordPath, productListPath, signUpPath } from '../../../lib/urls';

const SESSION_HOURS = SESSION_TIMEOUT_MS / 3_600_000;

export default function HelpPage() {
  usePageTitle('Help');
  return (
    <div className="page page--narrow">
      <PageHeader title="Help" subtitle="How to get the most out of Stockroom." />
      <Card className="help__section">
        <H2 className="help__title">Your account</H2>
        <p>
          <Link to={signUpPath}>Create an account</Link> with your name, email and a password of at least{' '}
          {PASSWORD_MIN_LENGTH} characters that mixes upper case, lower case, a number and a special character. We
          send you an email to confirm your address; until you confirm it, the dashboard shows a reminder and a button
          to send the email again.
        </p>
        <p>
          A session lasts {SESSION_HOURS} hours. After five failed sign-in attempts in a row the account is locked for
          15 minutes. Use <strong>Sign Out</strong> in the user menu at the top right when you are done on a shared
          computer.
        </p>
      </Card>
      <Card className="help__section">
        <H2 className="help__title">Products</H2>
        <p>
          <Link to={productListPath}>Products</Link> lists your own catalogue: each product has a name, description, price,
          category, quantity and an optional image, SKU, barcode and reorder level. Search by part of the name,
          description, category or SKU, or type or scan an exact SKU or barcode to put that product first; filter by category and by stock
          (In Stock, Low Stock, Out of Stock), sort by name, price or date, and page through long lists. A product with a
          quantity of 0 is out of stock; one at or under its reorder level is Low Stock and shows on the dashboard under
          Needs reordering. Every change of a quantity is kept in the product&apos;s stock history. Only you can see and
          change the products you created.
        </p>
      </Card>
      <Card className="help__section">
        <H2 className="help__title">Forgotten password</H2>
        <p>
          On the sign-in page choose <Link to={forgotPasswordPath}>Forgot password?</Link> and enter your email. If an
          account exists for it, you receive a link that is valid for one hour and works once. Opening it lets you
          choose a new password; every device signed in to the account is then signed out.
        </p>
      </Card>
      <Card className="help__section">
        <H2 className="help__title">API access</H2>
        <p>
          Everything the app does is available to your own scripts. The GraphQL API lives at{' '}
          <a href="/graphql">/graphql</a>; opening it in a browser shows an interactive playground. The REST API lives
          under <code>/api</code> and is documented at <a href="/api/docs">/api/docs</a>. Send the token you get from
          signing in as <code>Authorization: Bearer &lt;token&gt;</code>.
        </p>
      </Card>
    </div>
  );
}
