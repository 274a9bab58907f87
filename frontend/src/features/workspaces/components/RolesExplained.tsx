import { WORKSPACE_ROLE_SUMMARIES, WORKSPACE_ROLES } from '@stockroom/schema';

/** Each role in one line, from the role table the server enforces. */
export function RolesExplained() {
  return (
    <dl className="roles-explained">
      {WORKSPACE_ROLES.map((role) => (
        <div key={role} className="roles-explained__row">
          <dt>{role}</dt>
          <dd>{WORKSPACE_ROLE_SUMMARIES[role]}</dd>
        </div>
      ))}
    </dl>
  );
}
