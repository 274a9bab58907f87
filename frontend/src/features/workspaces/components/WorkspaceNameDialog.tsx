import { Button, Callout, Classes, Dialog } from '@blueprintjs/core';
import { WorkspaceFields } from '@stockroom/schema';
import { Form } from 'react-final-form';
import { TextField } from '../../../components/form/TextField';

export interface WorkspaceNameDialogProps {
  isOpen: boolean;
  title: string;
  submitText: string;
  initialName?: string;
  /** The server's refusal, shown above the field. */
  error?: string;
  onSubmit(name: string): Promise<unknown>;
  onClose(): void;
}

/** A workspace's name, asked for in a dialog: a new workspace, or a new name for this one. */
export function WorkspaceNameDialog({ isOpen, title, submitText, initialName = '', error, onSubmit, onClose }: WorkspaceNameDialogProps) {
  return (
    <Dialog isOpen={isOpen} title={title} onClose={onClose} className="workspace-name-dialog">
      <Form<{ name: string }> initialValues={{ name: initialName }} onSubmit={({ name }) => onSubmit(name.trim())}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <div className={Classes.DIALOG_BODY}>
              {error && (
                <Callout intent="danger" role="alert" className="workspace-name-dialog__error">
                  {error}
                </Callout>
              )}
              <TextField name="name" label="Name" rule={WorkspaceFields.name} autoFocus />
            </div>
            <div className={Classes.DIALOG_FOOTER}>
              <div className={Classes.DIALOG_FOOTER_ACTIONS}>
                <Button onClick={onClose} disabled={submitting}>
                  Cancel
                </Button>
                <Button type="submit" intent="primary" loading={submitting}>
                  {submitText}
                </Button>
              </div>
            </div>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
