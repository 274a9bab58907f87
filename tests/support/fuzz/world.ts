import { UserRole } from '../../../backend/src/account/user.entity';
import { createProduct } from '../products';
import { GOOD_PASSWORD, uniqueEmail, type TestApp } from '../test-app';
import { Slot } from './slots';

/**
 * The accounts and records a fuzz run works on, and the slots filled from
 * them. The long-lived callers (a member and an admin) never sign out, change
 * their password or deactivate themselves: operations that can do that run as
 * a stand-in account of the same role, replaced once it has been changed.
 */
export type Role = 'member' | 'admin';

export interface Account {
  id: string;
  email: string;
  password: string;
  token: string;
  role: Role;
}

/** What an id path parameter names. */
export type Resource = 'product' | 'user';

let fresh = 0;
/** An email no account uses yet (unique across runs and workers). */
export const freshEmail = () => `fuzz.${process.pid}.${Date.now().toString(36)}.${++fresh}@example.com`;

export class FuzzWorld {
  /** Live product ids per account id. */
  private readonly products = new Map<string, string[]>();
  /** Ids of products that were deleted. */
  private readonly stale: string[] = [];
  private readonly standIns = new Map<Role, Account>();
  private readonly victims: Account[] = [];

  private constructor(
    private readonly app: TestApp,
    readonly member: Account,
    readonly admin: Account,
    /** A member whose records the callers try to reach; never a caller itself. */
    readonly foreign: Account,
    /** An account only ever signed in with its right password, so valid sign-ins can succeed. */
    readonly signIn: Account,
  ) {}

  static async create(app: TestApp): Promise<FuzzWorld> {
    const [member, admin, foreign, signIn] = [await signUp(app, 'member'), await signUp(app, 'admin'), await signUp(app, 'member'), await signUp(app, 'member')];
    const world = new FuzzWorld(app, member, admin, foreign, signIn);
    for (let i = 0; i < 2; i++) world.victims.push(await signUp(app, 'member'));
    for (const account of [member, admin, foreign]) await world.ensureProducts(account, 4);
    return world;
  }

  caller(role: Role): Account {
    return role === 'admin' ? this.admin : this.member;
  }

  /** A disposable caller of `role` for operations that may sign it out, lock it out or deactivate it. */
  async standIn(role: Role): Promise<Account> {
    let account = this.standIns.get(role);
    if (!account) {
      account = await signUp(this.app, role);
      this.standIns.set(role, account);
      this.victims.push(account);
    }
    await this.ensureProducts(account, 2);
    return account;
  }

  /** The stand-in was signed out or deactivated: the next run gets a new one. */
  spendStandIn(role: Role) {
    this.standIns.delete(role);
  }

  /**
   * How a request changed the caller's own standing, which nobody may do
   * through the API (role never; status only by deactivating their own
   * account), or undefined. A changed stand-in is replaced, so one defect does
   * not mask the runs after it.
   */
  async ownStandingChange(caller: Account, mayDeactivate: boolean): Promise<string | undefined> {
    const [row] = await this.app.sql<{ role: string; status: string }>('SELECT role, status FROM users WHERE id = $1', [caller.id]);
    const role = caller.role === 'admin' ? UserRole.Admin : UserRole.Member;
    const changes = [row.role !== role && `role ${role} -> ${row.role}`, row.status !== 'Active' && !mayDeactivate && `status Active -> ${row.status}`].filter(Boolean);
    // Deactivated, rightly or not, it can no longer call anything.
    if (changes.length || row.status !== 'Active') this.spendStandIn(caller.role);
    return changes.length ? `the caller's own ${changes.join(', ')}` : undefined;
  }

  async ensureProducts(account: Account, count = 3) {
    const ids = this.products.get(account.id) ?? [];
    this.products.set(account.id, ids);
    while (ids.length < count) ids.push((await createProduct(this.app, account.token, { name: `Fuzz seed ${ids.length + 1}` })).id);
  }

  /** After a change to many products at once (a bulk delete may take them all): the pool is what the catalogue holds (not the trash), topped up again. */
  async syncProducts(account: Account) {
    const rows = await this.app.sql<{ id: string }>('SELECT id FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND deleted_at IS NULL', [account.id]);
    const live = new Set(rows.map((row) => row.id));
    for (const id of [...(this.products.get(account.id) ?? [])]) if (!live.has(id)) this.record(account, 'product', { deleted: id });
    await this.ensureProducts(account);
  }

  /** Keeps the pools in step with what an answer says happened. */
  record(account: Account, resource: Resource, change: { created?: string; deleted?: string }) {
    if (resource !== 'product') return;
    const ids = this.products.get(account.id) ?? [];
    this.products.set(account.id, ids);
    if (change.created && ids.length < 30) ids.push(change.created);
    if (change.deleted) {
      for (const list of this.products.values()) {
        const at = list.indexOf(change.deleted);
        if (at >= 0) list.splice(at, 1);
      }
      this.stale.push(change.deleted);
    }
  }

  /** Other accounts a caller may name: for an admin only accounts nothing depends on, since an admin may change them. */
  private otherUsers(caller: Account): Account[] {
    const standIns = [...this.standIns.values()];
    const victims = this.victims.filter((victim) => !standIns.includes(victim) || victim === caller);
    return caller.role === 'admin' ? [this.foreign, ...victims] : [this.foreign, this.admin, ...victims];
  }

  /** What a slot stands for, for `caller`, where an id names a `resource`. */
  fill(slot: Slot, caller: Account, resource: Resource): unknown {
    const pick = <T>(list: T[], fallback: T): T => (list.length ? list[slot.pick % list.length] : fallback);
    const own = resource === 'user' ? caller.id : pick(this.products.get(caller.id) ?? [], '00000000-0000-4000-8000-000000000000');
    switch (slot.name) {
      case 'id:own':
        return own;
      case 'id:ownUpper':
        return own.toUpperCase();
      case 'id:foreign':
        return resource === 'user' ? pick(this.otherUsers(caller), this.foreign).id : pick(this.products.get(this.foreign.id) ?? [], own);
      case 'id:stale':
        return pick(this.stale, '11111111-1111-4111-8111-111111111111');
      case 'email:fresh':
        return freshEmail();
      case 'email:known':
        return pick([this.foreign.email, this.foreign.email.toUpperCase(), ` ${this.foreign.email} `, caller.email], this.foreign.email);
      case 'email:signIn':
        return this.signIn.email;
      case 'password:signIn':
        return this.signIn.password;
      case 'password:caller':
        return caller.password;
      case 'role:any':
        return ['Member', 'Admin'][slot.pick % 2];
      case 'status:any':
        return ['Active', 'Inactive'][slot.pick % 2];
      case 'category':
        return pick(['Tools', 'Uncategorized', 'Home & Kitchen', 'tools', 'Nope'], 'Tools');
    }
    throw new Error(`unknown slot ${slot.name}`);
  }
}

async function signUp(app: TestApp, role: Role): Promise<Account> {
  const email = uniqueEmail(`fuzz-${role}`);
  const answer = await app.rest('POST', '/api/auth/signup', { firstName: 'Fuzz', lastName: role, email, password: GOOD_PASSWORD });
  if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  // What `npm run user:promote` does, without opening a second ORM for every stand-in.
  if (role === 'admin') await app.sql('UPDATE users SET role = $1 WHERE id = $2', [UserRole.Admin, answer.body.user.id]);
  return { id: answer.body.user.id, email, password: GOOD_PASSWORD, token: answer.body.accessToken, role };
}
