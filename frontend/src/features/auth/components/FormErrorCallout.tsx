import { Callout } from '@blueprintjs/core';

export interface FormErrorCalloutProps {
  /** The server's answer to a failed submit (the message extractErrorMessage picks). */
  message: string | null;
  /** A sentence after it: what the refusal means for the next try (attempts left before a lock, how long a lock lasts). */
  detail?: string | null;
}

/** The server's answer to a failed submit, above the form. */
export function FormErrorCallout({ message, detail }: FormErrorCalloutProps) {
  if (!message) return null;
  return (
    <Callout intent="danger" className="form-callout" role="alert">
      {detail ? (
        <>
          <p className="callout-lead">{message}</p>
          <p className="callout-detail">{detail}</p>
        </>
      ) : (
        message
      )}
    </Callout>
  );
}
