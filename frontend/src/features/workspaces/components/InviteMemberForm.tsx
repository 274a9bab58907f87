import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { InvitationFields, isWorkspaceRole, WORKSPACE_ROLE_SUMMARIES, type WorkspaceRole } from '@stockroom/schema';
import { Field, Form } from 'react-final-form';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';
import { TextField } from '../../../components/form/TextField';

export interface InviteFormValues {
  email: string;
  role: WorkspaceRole;
}

export interface InviteMemberFormProps {
  /** The roles the caller may give, strongest first. */
  roles: readonly WorkspaceRole[];
  /** Resolves to the server's per-field messages, or undefined once the invitation is sent. */
  onSubmit(values: InviteFormValues): Promise<Partial<Record<keyof InviteFormValues, string>> | undefined>;
}

/** An address and the role it is invited with; the chosen role's line says what it may do. */
export function InviteMemberForm({ roles, onSubmit }: InviteMemberFormProps) {
  const initialRole: WorkspaceRole = roles.includes('EDITOR') ? 'EDITOR' : roles[roles.length - 1]!;
  return (
    <Form<InviteFormValues> onSubmit={onSubmit} initialValues={{ email: '', role: initialRole }}>
      {({ handleSubmit, submitting, form }) => (
        <form onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)} noValidate aria-label="Invite a member" className="invite-form">
          <div className="invite-form__email">
            <TextField name="email" label="Email" type="email" autoComplete="off" rule={InvitationFields.email} />
          </div>
          <Field<WorkspaceRole> name="role">
            {({ input }) => (
              <FormGroup label="Role" labelFor="field-invite-role" helperText={WORKSPACE_ROLE_SUMMARIES[input.value]} className="invite-form__role">
                <HTMLSelect
                  id="field-invite-role"
                  name="role"
                  value={input.value}
                  onChange={(event) => isWorkspaceRole(event.currentTarget.value) && input.onChange(event.currentTarget.value)}
                  large
                  fill
                  options={[...roles]}
                />
              </FormGroup>
            )}
          </Field>
          <div className="invite-form__actions">
            <Button type="submit" intent="primary" size="large" icon={<EnvelopeIcon />} loading={submitting}>
              Send invitation
            </Button>
          </div>
        </form>
      )}
    </Form>
  );
}
