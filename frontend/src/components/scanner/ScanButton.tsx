import { Button } from '@blueprintjs/core';
import { CameraIcon } from '@blueprintjs/icons';
import { ScannerMessages } from '@stockroom/schema';
import { forwardRef, lazy, Suspense, useState } from 'react';
import { useHasCamera } from './useHasCamera';

/** The dialog, the camera code and the decoder load when the button is first pressed. */
const ScannerDialog = lazy(() => import('./ScannerDialog'));

export interface ScanButtonProps {
  /** A code read by the camera; the dialog has closed. */
  onCode(code: string): void;
  /** Words on the button, which then name it; without them it is an icon named 'Scan a barcode'. */
  text?: string;
  className?: string;
}

/**
 * A camera button that opens the scanner; nothing on a device without a camera (or a page without camera access).
 * Its ref is the button, for a page that gives it the focus back once it has dealt with a code.
 */
export const ScanButton = forwardRef<HTMLButtonElement, ScanButtonProps>(function ScanButton({ onCode, text, className }, ref) {
  const [open, setOpen] = useState(false);
  const hasCamera = useHasCamera();
  if (!hasCamera) return null;
  return (
    <>
      <Button
        ref={ref}
        className={className}
        icon={<CameraIcon />}
        text={text}
        aria-label={text ? undefined : ScannerMessages.scanButton}
        title={text ? undefined : ScannerMessages.scanButton}
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <ScannerDialog
            onClose={() => setOpen(false)}
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
});
