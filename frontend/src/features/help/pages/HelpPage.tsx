import { Card, H2 } from '@blueprintjs/core';
import { API_TOKEN_LIFETIMES, MAX_API_TOKENS_PER_USER, PASSWORD_MIN_LENGTH, SESSION_TIMEOUT_MS, TRASH_RETENTION_DAYS, UNDO_TOAST_MS } from '@stockroom/schema';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/usePageTitle';
import { forgotPasswordPath, offlineChangesPath, productListPath, profileEditPath, signUpPath, workspaceMembersPath } from '../../../lib/urls';

const SESSION_HOURS = SESSION_TIMEOUT_MS / 3_600_000;
const TOKEN_DAYS = API_TOKEN_LIFETIMES.filter((days) => days !== null).join(', ');
const UNDO_SECONDS = UNDO_TOAST_MS / 1000;

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
          Needs reordering. Every change of a quantity is kept in the product&apos;s stock history. The products belong to
          the workspace you are in, and only its members see them.
        </p>
      </Card>
      <Card className="help__section">
        <H2 className="help__title">Workspaces and roles</H2>
        <p>
          Every account has a personal workspace; a shop can create a shared one from the workspace menu in the header
          (New workspace…) and switch between them there, with your role shown beside each name. A link to a product opens
          it in its workspace for any member. What a member may do is their role: a Viewer reads and exports, a Counter
          also adjusts and counts stock, an Editor also creates, edits, deletes, imports and bulk-changes products, an Admin
          also manages members, and an Owner also manages owners, renames and deletes the workspace. The{' '}
          <Link to={workspaceMembersPath}>Members</Link> page lists the members and their roles, and offers only what your
          role may do there: an Admin or Owner invites an email address with a role (the mail&apos;s link works for a week,
          for an existing account or a new one), and resends or revokes invitations still waiting.
        </p>
      </Card>
      <Card className="help__section">
        <H2 className="help__title">Stock: adjusting and counting</H2>
        <p>
          On a product&apos;s page, <strong>Adjust stock</strong> records a sale, a delivery (receipt), a return, damage or a
          correction: a sale or damage takes stock away, a receipt or return adds it. <strong>Count stock</strong> records a
          stocktake: enter the quantity you counted and the difference is recorded. Each movement, with its reason, shows in
          the product&apos;s stock history.
        </p>
      </Card>
      <Card className="help__section">
        <H2 className="help__title">Installing the app and working offline</H2>
        <p>
          Your browser can install Stockroom as an app (on a phone: Add to Home screen; on a computer: the install button in
          the address bar). Once you have opened it while online, it also opens with no network, still signed in, and the
          header says <strong>Offline</strong>. The quick search finds the workspace&apos;s products by name, SKU or barcode
          from a copy kept on the device, and a product&apos;s <strong>Adjust stock</strong> and <strong>Count stock</strong>{' '}
          are kept on the device too (the header counts the changes waiting). When the network is back they are sent in the
          order you made them, each exactly once. A change the server turns down (the product was deleted meanwhile, or
          there was not enough stock) is listed under <strong>Needs attention</strong> on the{' '}
          <Link to={offlineChangesPath}>offline changes</Link> page with the reason, until you dismiss it. Signing out
          removes everything the app kept on the device; when changes have not been sent yet, it asks first.
        </p>
        <p>
          A stock count you have opened once while online opens offline too, and you can go on counting: each line shows
          as waiting to be sent in the count&apos;s list until the server has it, or with the server&apos;s reason when it
          turns it down. With no network the expected quantity is the one the device last read (the count says when), and
          a product whose stock the device has never read can be counted once the network is back, as can one whose
          adjustments made on the device have not been sent yet (so that they are not counted twice).
        </p>
      </Card>
      <Card className="help__section">
        <H2 className="help__title">Import, export and bulk changes</H2>
        <p>
          <strong>Import</strong> on the product list reads a CSV file or an Excel workbook (.xlsx). Columns are recognised by
          their headers (&quot;Product Name&quot;, &quot;Qty&quot;, &quot;SKU&quot;...) and you can choose what an unknown column fills. A check
          run comes first and lists every row&apos;s problems; the import then writes all rows or none. Create mode adds every row
          as a new product; update mode changes the product with the row&apos;s SKU. Prices may be written 12.50, 12,50,
          1.234,50 or $12.50; 1,234 is refused because it could mean either.
        </p>
        <p>
          <strong>Export</strong> downloads the list as CSV or Excel, with the filters you have set; an export imports back.
          Select products in the list to change them all at once, or to delete them; a change or a delete can be undone for{' '}
          {UNDO_SECONDS} seconds from the message that confirms it.
        </p>
      </Card>
      <Card className="help__section">
        <H2 className="help__title">Labels and barcodes</H2>
        <p>
          <strong>Print label</strong> on a product&apos;s page prints labels with its name, price and SKU beside a QR code
          that opens the product, and its barcode. On a device with a camera, <strong>Scan a barcode</strong> on the product
          list finds a product by its barcode or SKU. On a location&apos;s page, <strong>Scan a product here</strong> (or a
          code typed into <strong>Enter a code</strong>) shows how many of that product are there, and counts it or adds or
          removes stock at that location.
        </p>
      </Card>
      <Card className="help__section">
        <H2 className="help__title">The trash</H2>
        <p>
          A deleted product goes to the Trash, where it stays for {TRASH_RETENTION_DAYS} days: restore it from there, or
          delete it for good. After {TRASH_RETENTION_DAYS} days it is removed. Right after a delete, <strong>Undo</strong>{' '}
          brings it back at once (for {UNDO_SECONDS} seconds).
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
          signing in, or an API token, as <code>Authorization: Bearer &lt;token&gt;</code>.
        </p>
        <p>
          For scripts, create an <strong>API token</strong> under API tokens on your <Link to={profileEditPath}>profile</Link>:
          read-only or read and write, valid for {TOKEN_DAYS} days or without an end, at most {MAX_API_TOKENS_PER_USER} at a
          time. The token is shown once; revoke it there when it is no longer needed. Changing or resetting your password
          revokes your tokens.
        </p>
        <p>
          <strong>Webhooks</strong>, also on your profile, tell another system when a product is created, updated, deleted
          or restored, when its stock changes, and when it runs low or out. Each is sent to an HTTPS address you give, signed
          with a secret shown once (the <code>Stockroom-Signature</code> header), and its recent deliveries are listed.
        </p>
      </Card>
    </div>
  );
}
