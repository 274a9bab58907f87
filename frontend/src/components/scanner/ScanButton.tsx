import { Button } from '@blueprintjs/core';
import { CameraIcon } from '@blueprintjs/icons';
import { ScannerMessages } from '@stockroom/schema';
import { lazy, Suspense, useState } from 'react';
import { useHasCamera } from './useHasCamera';

/** The dialog, the camera code and the decoder load when the button is first pressed. */
const ScannerDialog = lazy(() => import('./ScannerDialog'));

export interface ScanButtonProps {
  /** A code read by the camera; the dialog has closed. */
  onCode(code: string): void;
  className?: string;
}

/** A camera button that opens the scanner; nothing on a device without a camera (or a page without camera access). */
export function ScanButton({ onCode, className }: ScanButtonProps) {
  const [open, setOpen] = useState(false);
  const hasCamera = useHasCamera();
  if (!hasCamera) return null;
  return (
    <>
      <Button
        className={className}
        icon={<CameraIcon />}
        aria-label={ScannerMessages.scanButton}
        title={ScannerMessages.scanButton}
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
}
