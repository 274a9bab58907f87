import { Callout } from '@blueprintjs/core';

/** The server's answer to a failed submit (the message extractErrorMessage picks), above the form. */
export function FormErrorCallout({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Callout intent="danger" className="form-callout" role="alert">
      {message}
    </Callout>
  );
}
