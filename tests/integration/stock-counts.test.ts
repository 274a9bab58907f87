import { AuthMessages, LocationMessages, ProductMessages, StockCountMessages, WORKSPACE_HEADER, type WorkspaceRole } from '@stockroom/schema';
import { brokenLedgers, brokenLevels } from '../support/stock-ledger';
import { graphqlCounts, restCounts, valueOf, type Caller, type CountsTransport, type Outcome } from '../support/stock-counts';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Stock counts: sessions over a scope, lines that record what a counter
 * found at a ledger position, a review, and an approval that books each
 * difference through the stock ledger so movements after the position
 * stand. Every scenario runs on REST and on GraphQL, in a shared workspace
 * with a member of each role; the ledger check runs after each one.
 */

let app: TestApp;
const members = {} as Record<WorkspaceRole, Caller>;
let stranger: Caller;
let shop: string;
let main: string;

beforeAll(async () => {
  app = await startTestApp();
  const owner = await signUpUser(app, { firstName: 'Olga' });
  shop = (await app.rest('POST', '/api/workspaces', { name: 'Count shop' }, { token: owner.token })).body.workspace.id;
  members.OWNER = { token: owner.token, workspace: shop };
  for (const role of ['ADMIN', 'EDITOR', 'COUNTER', 'VIEWER'] as const) {
    const account = await signUpUser(app, { firstName: role });
    await app.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [shop, account.user.id, role]);
    members[role] = { token: account.token, workspace: shop };
  }
  const eve = await signUpUser(app, { firstName: 'Eve' });
  stranger = { token: eve.token, workspace: eve.workspaceId };
  main = (await app.rest('GET', '/api/locations', undefined, { token: owner.token, headers: { [WORKSPACE_HEADER]: shop } })).body.locations.find((l: { isDefault: boolean }) => l.isDefault).id;
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await brokenLedgers(app)).toEqual([]);
  expect(await brokenLevels(app)).toEqual([]);
});

const inShop = (caller: Caller) => ({ token: caller.token, headers: { [WORKSPACE_HEADER]: caller.workspace } });

let made = 0;
async function newProduct(overrides: Record<string, unknown> = {}, caller = members.OWNER): Promise<{ id: string; name: string; price: number }> {
  const body = { name: `Counted ${++made}`, description: 'A thing on a shelf to be counted', price: 2.5, category: 'Shelf', quantity: 10, ...overrides };
  const answer = await app.rest('POST', '/api/products', body, inShop(caller));
  expect(answer.status).toBe(201);
  return answer.body.product;
}

async function sell(productId: string, quantity: number, locationId?: string) {
  expect((await app.rest('POST', `/api/products/${productId}/stock`, { delta: -quantity, ...(locationId && { locationId }) }, inShop(members.COUNTER))).status).toBe(200);
}

async function newLocation(name: string, parentId?: string): Promise<string> {
  const answer = await app.rest('POST', '/api/locations', { name: `${name} ${++made}`, ...(parentId && { parentId }) }, inShop(members.OWNER));
  expect(answer.status).toBe(201);
  return answer.body.location.id;
}

const quantityOf = async (productId: string) => (await app.rest('GET', `/api/products/${productId}`, undefined, inShop(members.OWNER))).body.product.quantity as number;

function expectError(outcome: Outcome, code: string, message: string) {
  expect(outcome.error).toMatchObject({ code, message });
}

describe.each([['REST', restCounts], ['GraphQL', graphqlCounts]] as const)('over %s', (_name, transportOf) => {
  let t: CountsTransport;
  beforeAll(() => {
    t = transportOf(app);
  });

  /** A count opened by an admin, submitted after `lines` are recorded by the counter; answers its id and the lines. */
  async function countWith(lines: Array<Record<string, unknown>>, scope: Record<string, unknown> = {}) {
    const count = valueOf(await t.create(members.ADMIN, scope));
    const recorded = [];
    for (const line of lines) recorded.push(valueOf(await t.addLine(members.COUNTER, count.id, line)));
    return { id: count.id as string, lines: recorded };
  }

  const positionAt = async (productId: string, locationId = main) => (await t.levels(members.COUNTER, productId)).find((level) => level.location.id === locationId)!.ledgerPosition;

  it('books counted - the quantity at the ledger position: 10 on the shelf, 8 counted at P, two sales after P: 6, not 8', async () => {
    const product = await newProduct({ quantity: 10 });
    const count = valueOf(await t.create(members.ADMIN, {}));
    expect(count).toMatchObject({ status: 'OPEN', blind: false, locationId: null, category: null, lineCount: 0 });
    const seen = await positionAt(product.id);
    await sell(product.id, 1);
    await sell(product.id, 1);
    const line = valueOf(await t.addLine(members.COUNTER, count.id, { productId: product.id, quantity: 8, ledgerPosition: seen }));
    expect(line).toMatchObject({ productId: product.id, productName: product.name, locationId: main, locationPath: 'Main', quantity: 8, ledgerPosition: seen, status: 'PENDING', movementId: null, uncounted: false });
    expect(valueOf(await t.submit(members.COUNTER, count.id))).toMatchObject({ status: 'IN_REVIEW', submittedAt: expect.any(String), lineCount: 1 });

    const review = valueOf(await t.review(members.ADMIN, count.id));
    expect(review).toEqual({
      expectedHidden: false,
      items: [{ productId: product.id, productName: product.name, productSku: null, locationId: main, locationPath: 'Main', counted: 8, expected: 10, variance: -2, varianceValue: -5, lineIds: [line.id] }],
      notCounted: expect.any(Array),
    });

    const approved = valueOf(await t.approve(members.ADMIN, count.id));
    expect(approved.stockCount).toMatchObject({ status: 'APPROVED', closedAt: expect.any(String), closedBy: { id: expect.any(String), fullName: expect.stringMatching(/^ADMIN/) } });
    expect(approved.lines).toEqual([expect.objectContaining({ id: line.id, status: 'BOOKED', movementId: expect.stringMatching(/^\d+$/) })]);
    expect(await quantityOf(product.id)).toBe(6);
    const [booked] = (await app.rest('GET', `/api/products/${product.id}/movements`, undefined, inShop(members.OWNER))).body.movements;
    expect(booked).toMatchObject({ id: approved.lines[0].movementId, ledgerPosition: approved.lines[0].movementId, reason: 'COUNT', delta: -2, quantityAfter: 6, location: { id: main } });
    expect(await t.levels(members.COUNTER, product.id)).toEqual([expect.objectContaining({ location: expect.objectContaining({ id: main }), quantity: 6, ledgerPosition: booked.id })]);
    expect(valueOf(await t.get(members.VIEWER, count.id))).toEqual(approved);
  });

  it("two lines of one product and location add up (two halves of a shelf); one that replaces another does not", async () => {
    const halves = await newProduct({ quantity: 10 });
    const recount = await newProduct({ quantity: 10 });
    const [h, r] = [await positionAt(halves.id), await positionAt(recount.id)];
    const { id, lines } = await countWith([
      { productId: halves.id, quantity: 4, ledgerPosition: h },
      { productId: halves.id, quantity: 5, ledgerPosition: h },
      { productId: recount.id, quantity: 4, ledgerPosition: r },
    ]);
    const replacement = valueOf(await t.addLine(members.COUNTER, id, { productId: recount.id, quantity: 7, ledgerPosition: r, replaces: lines[2].id }));
    expect(replacement.replaces).toBe(lines[2].id);
    // A line replaced already, or one of another product, is not one to replace.
    const again = await t.addLine(members.COUNTER, id, { productId: recount.id, quantity: 1, ledgerPosition: r, replaces: lines[2].id });
    expect(again.error).toMatchObject({ code: 'BAD_USER_INPUT', message: StockCountMessages.replacesOther });
    expect((await t.addLine(members.COUNTER, id, { productId: halves.id, quantity: 1, ledgerPosition: h, replaces: replacement.id })).error?.message).toBe(StockCountMessages.replacesOther);
    valueOf(await t.submit(members.COUNTER, id));
    const approved = valueOf(await t.approve(members.ADMIN, id));
    expect(approved.lines.map((line) => line.status)).toEqual(['BOOKED', 'BOOKED', 'REPLACED', 'BOOKED']);
    expect(await quantityOf(halves.id)).toBe(9);
    expect(await quantityOf(recount.id)).toBe(7);
  });

  it('a blind count hides the expected quantities from a counter, not from an admin', async () => {
    const product = await newProduct({ quantity: 10 });
    const { id } = await countWith([{ productId: product.id, quantity: 9, ledgerPosition: await positionAt(product.id) }], { blind: true });
    const hidden = valueOf(await t.review(members.COUNTER, id, 'value'));
    expect(hidden.expectedHidden).toBe(true);
    expect(hidden.items).toEqual([expect.objectContaining({ productId: product.id, counted: 9, expected: null, variance: null, varianceValue: null })]);
    expect(hidden.notCounted.every((item: { expected: unknown; varianceValue: unknown }) => item.expected === null && item.varianceValue === null)).toBe(true);
    const shown = valueOf(await t.review(members.ADMIN, id));
    expect(shown.expectedHidden).toBe(false);
    expect(shown.items).toEqual([expect.objectContaining({ productId: product.id, counted: 9, expected: 10, variance: -1, varianceValue: -2.5 })]);
    valueOf(await t.cancel(members.ADMIN, id));
  });

  it('the review sorts by value (the largest difference in money first) or by product, and lists the stock no one counted; approving it as zero is asked for', async () => {
    const room = await newLocation('Count room');
    const cheap = await newProduct({ name: `A cheap ${++made}`, price: 2, quantity: 0 });
    const dear = await newProduct({ name: `B dear ${++made}`, price: 10, quantity: 0 });
    const missed = await newProduct({ name: `C missed ${++made}`, price: 100, quantity: 0 });
    for (const [product, quantity] of [[cheap, 5], [dear, 5], [missed, 3]] as const) {
      expect((await app.rest('POST', `/api/products/${product.id}/stock`, { delta: quantity, locationId: room }, inShop(members.COUNTER))).status).toBe(200);
    }
    const at = (productId: string) => positionAt(productId, room);
    const { id } = await countWith(
      [
        { productId: cheap.id, quantity: 8, ledgerPosition: await at(cheap.id) },
        { productId: dear.id, quantity: 4, ledgerPosition: await at(dear.id) },
      ],
      { locationId: room },
    );
    const byValue = valueOf(await t.review(members.ADMIN, id, 'value'));
    expect(byValue.items.map((item: { productId: string; varianceValue: number }) => [item.productId, item.varianceValue])).toEqual([
      [dear.id, -10],
      [cheap.id, 6],
    ]);
    expect(valueOf(await t.review(members.ADMIN, id, 'product')).items.map((item: { productId: string }) => item.productId)).toEqual([cheap.id, dear.id]);
    expect(byValue.notCounted).toEqual([{ productId: missed.id, productName: missed.name, productSku: null, locationId: room, locationPath: expect.stringMatching(/^Count room/), expected: 3, varianceValue: -300 }]);

    valueOf(await t.submit(members.COUNTER, id));
    const approved = valueOf(await t.approve(members.ADMIN, id, { notCountedAsZero: true }));
    expect(approved.lines.map((line) => [line.productId, line.quantity, line.status, line.uncounted])).toEqual([
      [cheap.id, 8, 'BOOKED', false],
      [dear.id, 4, 'BOOKED', false],
      [missed.id, 0, 'BOOKED', true],
    ]);
    expect([await quantityOf(cheap.id), await quantityOf(dear.id), await quantityOf(missed.id)]).toEqual([8, 4, 0]);
  });

  it('without notCountedAsZero the stock no one counted stays; lines not chosen are NOT_CHOSEN', async () => {
    const [a, b, untouched] = [await newProduct(), await newProduct(), await newProduct({ category: `Other ${++made}` })];
    const { id, lines } = await countWith(
      [
        { productId: a.id, quantity: 1, ledgerPosition: await positionAt(a.id) },
        { productId: b.id, quantity: 2, ledgerPosition: await positionAt(b.id) },
      ],
      { category: 'Shelf' },
    );
    expect((await t.addLine(members.COUNTER, id, { productId: untouched.id, quantity: 1, ledgerPosition: '0' })).error).toMatchObject({ code: 'BAD_USER_INPUT', message: StockCountMessages.outsideScope });
    valueOf(await t.submit(members.COUNTER, id));
    const approved = valueOf(await t.approve(members.ADMIN, id, { lineIds: [lines[1].id] }));
    expect(approved.lines.map((line) => line.status)).toEqual(['NOT_CHOSEN', 'BOOKED']);
    expect([await quantityOf(a.id), await quantityOf(b.id), await quantityOf(untouched.id)]).toEqual([10, 2, 10]);
  });

  it('a line whose product was deleted meanwhile, or whose booking would take the level below 0, says so; the others are booked', async () => {
    const [gone, short, fine] = [await newProduct(), await newProduct(), await newProduct()];
    const seen = { gone: await positionAt(gone.id), short: await positionAt(short.id), fine: await positionAt(fine.id) };
    const { id } = await countWith([
      { productId: gone.id, quantity: 3, ledgerPosition: seen.gone },
      { productId: short.id, quantity: 1, ledgerPosition: seen.short },
      { productId: fine.id, quantity: 12, ledgerPosition: seen.fine },
    ]);
    // 10 at the position, 1 counted: -9 to book; 9 sold since leaves 1, and 1 - 9 is below 0.
    await sell(short.id, 9);
    expect((await app.rest('DELETE', `/api/products/${gone.id}`, undefined, inShop(members.OWNER))).status).toBe(200);
    valueOf(await t.submit(members.COUNTER, id));
    const approved = valueOf(await t.approve(members.ADMIN, id));
    expect(approved.lines.map((line) => [line.productId, line.status])).toEqual([
      [gone.id, 'PRODUCT_DELETED'],
      [short.id, 'BELOW_ZERO'],
      [fine.id, 'BOOKED'],
    ]);
    expect([await quantityOf(short.id), await quantityOf(fine.id)]).toEqual([1, 12]);
  });

  it("a count no longer OPEN takes no line: 'This stock count is closed'; only a submitted one is approved, and an approved one is not cancelled", async () => {
    const product = await newProduct();
    const { id } = await countWith([]);
    expect((await t.approve(members.ADMIN, id)).error).toMatchObject({ code: 'CONFLICT', message: StockCountMessages.notInReview });
    valueOf(await t.submit(members.COUNTER, id));
    expectError(await t.addLine(members.COUNTER, id, { productId: product.id, quantity: 1, ledgerPosition: '0' }), 'CONFLICT', StockCountMessages.closed);
    expectError(await t.submit(members.COUNTER, id), 'CONFLICT', StockCountMessages.closed);
    valueOf(await t.approve(members.ADMIN, id));
    expectError(await t.cancel(members.ADMIN, id), 'CONFLICT', StockCountMessages.alreadyClosed);
    expectError(await t.approve(members.ADMIN, id), 'CONFLICT', StockCountMessages.notInReview);

    const cancelled = await countWith([{ productId: product.id, quantity: 3, ledgerPosition: await positionAt(product.id) }]);
    expect(valueOf(await t.cancel(members.ADMIN, cancelled.id))).toMatchObject({ status: 'CANCELLED' });
    expectError(await t.addLine(members.COUNTER, cancelled.id, { productId: product.id, quantity: 1, ledgerPosition: '0' }), 'CONFLICT', StockCountMessages.closed);
    expect(valueOf(await t.get(members.VIEWER, cancelled.id)).lines.map((line) => line.status)).toEqual(['CANCELLED']);
    expect(await quantityOf(product.id)).toBe(10);
  });

  it('roles: VIEWER reads but cannot count, COUNTER counts and submits but cannot open, approve or cancel', async () => {
    const product = await newProduct();
    const denied = (outcome: Outcome) => expectError(outcome, 'FORBIDDEN', AuthMessages.accessDenied);
    denied(await t.create(members.COUNTER, {}));
    denied(await t.create(members.EDITOR, {}));
    const { id } = await countWith([]);
    denied(await t.addLine(members.VIEWER, id, { productId: product.id, quantity: 1, ledgerPosition: '0' }));
    valueOf(await t.get(members.VIEWER, id));
    valueOf(await t.review(members.VIEWER, id));
    expect(valueOf(await t.list(members.VIEWER)).stockCounts.some((count: { id: string }) => count.id === id)).toBe(true);
    denied(await t.submit(members.VIEWER, id));
    valueOf(await t.submit(members.COUNTER, id));
    denied(await t.approve(members.COUNTER, id));
    denied(await t.cancel(members.COUNTER, id));
    valueOf(await t.approve(members.OWNER, id));
  });

  it("another workspace's count, product or location is 404 on every route, as a missing one is", async () => {
    const mine = await newProduct();
    const { id } = await countWith([]);
    const notFound = (outcome: Outcome) => expectError(outcome, 'NOT_FOUND', StockCountMessages.notFound);
    const theirs = { ...stranger, workspace: stranger.workspace };
    notFound(await t.get(theirs, id));
    notFound(await t.review(theirs, id));
    notFound(await t.addLine(theirs, id, { productId: mine.id, quantity: 1, ledgerPosition: '0' }));
    notFound(await t.submit(theirs, id));
    notFound(await t.approve(theirs, id));
    notFound(await t.cancel(theirs, id));
    expect(valueOf(await t.list(theirs)).stockCounts).toEqual([]);
    // Their product and their location in our count.
    const theirProduct = (await app.rest('POST', '/api/products', { name: 'Their thing', description: 'Not ours to count at all', price: 1, category: 'Shelf', quantity: 2 }, { token: stranger.token })).body.product;
    const theirMain = (await app.rest('GET', '/api/locations', undefined, { token: stranger.token })).body.locations[0].id;
    expectError(await t.addLine(members.COUNTER, id, { productId: theirProduct.id, quantity: 1, ledgerPosition: '0' }), 'NOT_FOUND', ProductMessages.notFound);
    expectError(await t.addLine(members.COUNTER, id, { productId: mine.id, locationId: theirMain, quantity: 1, ledgerPosition: '0' }), 'NOT_FOUND', LocationMessages.notFound);
    expectError(await t.create(members.ADMIN, { locationId: theirMain }), 'NOT_FOUND', LocationMessages.notFound);
    valueOf(await t.cancel(members.ADMIN, id));
  });

  it('a location scope takes the lines of that location and the ones below it only', async () => {
    const room = await newLocation('Scope room');
    const shelf = await newLocation('Scope shelf', room);
    const product = await newProduct();
    const { id } = await countWith([{ productId: product.id, locationId: shelf, quantity: 2, ledgerPosition: '0' }], { locationId: room });
    expectError(await t.addLine(members.COUNTER, id, { productId: product.id, locationId: main, quantity: 1, ledgerPosition: '0' }), 'BAD_USER_INPUT', StockCountMessages.outsideScope);
    // Left out, a line's location is the count's.
    expect(valueOf(await t.addLine(members.COUNTER, id, { productId: product.id, quantity: 1, ledgerPosition: '0' })).locationId).toBe(room);
    valueOf(await t.submit(members.COUNTER, id));
    valueOf(await t.approve(members.ADMIN, id));
    expect(await quantityOf(product.id)).toBe(13);
  });

  describe("the stock of a count's scope, for counting with no network", () => {
    const receive = async (productId: string, quantity: number, locationId: string) =>
      expect((await app.rest('POST', `/api/products/${productId}/stock`, { delta: quantity, locationId }, inShop(members.COUNTER))).status).toBe(200);
    /** The product's stock answer at the places in `scope`, as the count's stock lists them. */
    const levelsIn = async (productId: string, scope: string[], caller = members.COUNTER) =>
      (await t.levels(caller, productId))
        .filter((level) => scope.includes(level.location.id))
        .map((level) => ({ locationId: level.location.id, quantity: level.quantity, ledgerPosition: level.ledgerPosition }))
        .sort((a, b) => a.locationId.localeCompare(b.locationId));

    it("lists every product of the scope with its levels at the scope's locations and the positions its stock answer gives", async () => {
      const category = `Scoped ${++made}`;
      const room = await newLocation('Stock room');
      const shelf = await newLocation('Stock shelf', room);
      const elsewhere = await newLocation('Elsewhere');
      const stocked = await newProduct({ category });
      await receive(stocked.id, 3, shelf);
      await receive(stocked.id, 2, room);
      await receive(stocked.id, 4, elsewhere);
      await sell(stocked.id, 1, shelf);
      const onlyOutside = await newProduct({ category });
      const otherCategory = await newProduct({ category: `${category} other` });
      await receive(otherCategory.id, 5, shelf);
      const { id } = await countWith([], { locationId: room, category });

      const stock = valueOf(await t.stock(members.COUNTER, id));
      expect([...stock.locationIds].sort()).toEqual([room, shelf].sort());
      expect(stock.quantitiesHidden).toBe(false);
      const byProduct = new Map(stock.products.map((product: { productId: string; levels: Array<{ locationId: string }> }) => [product.productId, product.levels]));
      expect([...byProduct.keys()].sort()).toEqual([stocked.id, onlyOutside.id].sort());
      const stockedLevels = [...(byProduct.get(stocked.id) as Array<{ locationId: string }>)].sort((a, b) => a.locationId.localeCompare(b.locationId));
      expect(stockedLevels).toEqual(await levelsIn(stocked.id, [room, shelf]));
      expect(stockedLevels.map((level) => level.locationId).sort()).toEqual([room, shelf].sort());
      expect(byProduct.get(onlyOutside.id)).toEqual([]);
      valueOf(await t.cancel(members.ADMIN, id));
    });

    it('in a blind count gives a counter the positions without the quantities, an admin both', async () => {
      const category = `Blind stock ${++made}`;
      const product = await newProduct({ category, quantity: 7 });
      const { id } = await countWith([], { category, blind: true });
      const [expected] = await levelsIn(product.id, [main]);
      expect(valueOf(await t.stock(members.COUNTER, id))).toEqual({
        locationIds: expect.arrayContaining([main]),
        quantitiesHidden: true,
        products: [{ productId: product.id, levels: [{ locationId: main, quantity: null, ledgerPosition: expected.ledgerPosition }] }],
      });
      expect(valueOf(await t.stock(members.ADMIN, id))).toMatchObject({ quantitiesHidden: false, products: [{ productId: product.id, levels: [expected] }] });
      valueOf(await t.cancel(members.ADMIN, id));
    });

    it("is refused to a viewer, 404 for another workspace's count, and 'This stock count is closed' once it is not OPEN", async () => {
      const { id } = await countWith([], { category: `Refused ${++made}` });
      expectError(await t.stock(members.VIEWER, id), 'FORBIDDEN', AuthMessages.accessDenied);
      expectError(await t.stock(stranger, id), 'NOT_FOUND', StockCountMessages.notFound);
      valueOf(await t.submit(members.COUNTER, id));
      expectError(await t.stock(members.COUNTER, id), 'CONFLICT', StockCountMessages.closed);
    });

    it('a line set at a position from it, with sales after the read, books the merge rule: 10, 8 counted, two sales after: 6', async () => {
      const category = `Merged ${++made}`;
      const product = await newProduct({ category, quantity: 10 });
      const { id } = await countWith([], { category });
      const [{ levels }] = valueOf(await t.stock(members.COUNTER, id)).products;
      expect(levels).toEqual([{ locationId: main, quantity: 10, ledgerPosition: expect.stringMatching(/^[1-9]\d*$/) }]);
      await sell(product.id, 1);
      await sell(product.id, 1);
      valueOf(await t.addLine(members.COUNTER, id, { productId: product.id, quantity: 8, ledgerPosition: levels[0].ledgerPosition }));
      valueOf(await t.submit(members.COUNTER, id));
      valueOf(await t.approve(members.ADMIN, id));
      expect(await quantityOf(product.id)).toBe(6);
    });
  });
});

describe('what a line may carry', () => {
  let countId: string;
  let productId: string;
  beforeAll(async () => {
    productId = (await newProduct()).id;
    countId = (await app.rest('POST', '/api/stock-counts', {}, inShop(members.ADMIN))).body.stockCount.id;
  });
  const line = (body: unknown) => app.rest('POST', `/api/stock-counts/${countId}/lines`, body, inShop(members.COUNTER));

  it.each([
    ['no productId', { productId: undefined, quantity: 1, ledgerPosition: '0' }, 'productId', 'Product is required'],
    ['a malformed productId', { productId: 'nope', quantity: 1, ledgerPosition: '0' }, 'productId', 'Invalid ID format'],
    ['no quantity', { ledgerPosition: '0' }, 'quantity', 'Quantity is required'],
    ['a quantity as text', { quantity: '3', ledgerPosition: '0' }, 'quantity', 'Quantity must be a number'],
    ['a huge quantity', { quantity: 1e12, ledgerPosition: '0' }, 'quantity', 'Quantity cannot exceed 100000'],
    ['a negative quantity', { quantity: -1, ledgerPosition: '0' }, 'quantity', 'Quantity must be at least 0'],
    ['no ledgerPosition', { quantity: 1 }, 'ledgerPosition', 'Ledger position is required'],
    ['a ledgerPosition of letters', { quantity: 1, ledgerPosition: 'P7' }, 'ledgerPosition', StockCountMessages.ledgerPosition],
    ['a ledgerPosition past 64 bits', { quantity: 1, ledgerPosition: '9223372036854775808' }, 'ledgerPosition', StockCountMessages.ledgerPosition],
    ['a negative ledgerPosition', { quantity: 1, ledgerPosition: -1 }, 'ledgerPosition', StockCountMessages.ledgerPosition],
    ['a countedAt that is no date', { quantity: 1, ledgerPosition: '0', countedAt: 'yesterday' }, 'countedAt', StockCountMessages.countedAtFormat],
    ['a countedAt in the future', { quantity: 1, ledgerPosition: '0', countedAt: '2999-01-01T00:00:00Z' }, 'countedAt', StockCountMessages.countedAtFuture],
    ['an unknown field', { quantity: 1, ledgerPosition: '0', shelf: 'B3' }, 'shelf', 'Unknown field'],
  ])('%s: 400 naming the field', async (_case, body, field, message) => {
    const answer = await line({ productId, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'BAD_USER_INPUT', fields: { [field]: message } });
  });

  it('a ledger position may be a number; countedAt is kept', async () => {
    const answer = await line({ productId, quantity: 1, ledgerPosition: 7, countedAt: '2026-01-02T03:04:05Z' });
    expect(answer.status).toBe(201);
    expect(answer.body.line).toMatchObject({ ledgerPosition: '7', countedAt: '2026-01-02T03:04:05.000Z' });
  });

  it('a malformed count id is 400 and an unknown one 404 on every route', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/review'],
      ['GET', '/stock'],
      ['POST', '/lines'],
      ['POST', '/submit'],
      ['POST', '/approve'],
      ['POST', '/cancel'],
    ]) {
      expect((await app.rest(method, `/api/stock-counts/nope${path}`, method === 'POST' ? {} : undefined, inShop(members.ADMIN))).status).toBe(400);
      const missing = await app.rest(method, `/api/stock-counts/00000000-0000-4000-8000-000000000000${path}`, path === '/lines' ? { productId, quantity: 1, ledgerPosition: '0' } : method === 'POST' ? {} : undefined, inShop(members.ADMIN));
      expect(missing.body).toEqual({ code: 'NOT_FOUND', message: StockCountMessages.notFound });
    }
  });
});
