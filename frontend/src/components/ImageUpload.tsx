import { FileInput, FormGroup, ProgressBar } from '@blueprintjs/core';
import { GeneralMessages, UPLOAD } from '@stockroom/schema';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { checkImageFile, uploadFile, UploadError } from '../lib/upload';
import './image-upload.css';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; fraction: number }
  | { status: 'done'; fileName: string }
  | { status: 'error'; fileName?: string; message: string };

export interface ImageUploadProps<T> {
  /** Where the file is POSTed, e.g. '/api/products/images'. */
  endpoint: string;
  /** The multipart field the server reads, e.g. 'image' or 'avatar'. */
  fieldName: string;
  /** The control's label, e.g. 'Upload image'. */
  label: string;
  /** The server's answer once the file is stored. */
  onUploaded(result: T): void;
  /** A file that passed the size and type checks was chosen (to preview it while it uploads); null when its upload then failed. */
  onFileChosen?(file: File | null): void;
  disabled?: boolean;
}

const ACCEPT = UPLOAD.mimeTypes.join(',');
const HINT = `JPEG, PNG or WebP, at most ${Math.round(UPLOAD.maxBytes / 1024 / 1024)} MB.`;

/**
 * Picks an image and uploads it at once, showing a progress bar while the
 * bytes go out and the server's message if it refuses the file. The size and
 * type are checked here first with the server's messages; the server, which
 * looks at the content, has the last word.
 */
export function ImageUpload<T>({ endpoint, fieldName, label, onUploaded, onFileChosen, disabled }: ImageUploadProps<T>) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  const id = `image-upload-${useId()}`;
  useEffect(() => () => inFlight.current?.abort(), []);

  async function upload(file: File) {
    const problem = checkImageFile(file);
    if (problem) return setState({ status: 'error', fileName: file.name, message: problem });
    inFlight.current?.abort();
    onFileChosen?.(file);
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'uploading', fileName: file.name, fraction: 0 });
    try {
      const result = await uploadFile<T>({
        endpoint,
        fieldName,
        file,
        signal: controller.signal,
        onProgress: (fraction) => setState((now) => (now.status === 'uploading' ? { ...now, fraction } : now)),
      });
      setState({ status: 'done', fileName: file.name });
      onUploaded(result);
    } catch (error) {
      if (controller.signal.aborted) return;
      onFileChosen?.(null);
      setState({ status: 'error', fileName: file.name, message: error instanceof UploadError ? error.message : GeneralMessages.somethingWentWrong });
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Cleared, so picking the same file again (after fixing it, or after an error) is a change too.
    event.currentTarget.value = '';
    if (file) void upload(file);
  }

  const uploading = state.status === 'uploading';
  const fileName = state.status === 'idle' ? undefined : state.fileName;
  const percent = uploading ? Math.round(state.fraction * 100) : 100;
  const statusId = `${id}-status`;
  const helperText =
    state.status === 'error' ? (
      <span id={statusId} role="alert">
        {state.message}
      </span>
    ) : (
      <span id={statusId} aria-live="polite">
        {uploading ? `Uploading… ${percent}%` : state.status === 'done' ? 'Upload complete' : HINT}
      </span>
    );

  return (
    <FormGroup className="image-upload" label={label} labelFor={id} intent={state.status === 'error' ? 'danger' : 'none'} helperText={helperText}>
      <FileInput
        fill
        size="large"
        text={fileName ?? 'Choose an image…'}
        hasSelection={Boolean(fileName)}
        disabled={disabled || uploading}
        inputProps={{ id, accept: ACCEPT, 'aria-describedby': statusId, 'aria-invalid': state.status === 'error' || undefined }}
        onInputChange={onChange}
      />
      {(uploading || state.status === 'done') && (
        <ProgressBar
          className="image-upload__progress"
          style={{ marginTop: 8 }}
          aria-label={uploading ? 'Upload progress' : 'Upload complete'}
          value={uploading ? state.fraction : 1}
          intent={uploading ? 'primary' : 'success'}
          animate={uploading}
          stripes={uploading}
        />
      )}
    </FormGroup>
  );
}
