import { Dialog, DialogBody } from '@blueprintjs/core';
import { ScannerMessages } from '@stockroom/schema';
import { CameraScanner } from './CameraScanner';
import './scanner.css';

export interface ScannerDialogProps {
  onCode(code: string): void;
  onClose(): void;
}

/** Mounted only while open, so closing it unmounts the scanner and stops the camera. */
export default function ScannerDialog({ onCode, onClose }: ScannerDialogProps) {
  return (
    <Dialog isOpen title={ScannerMessages.title} onClose={onClose} className="scanner-dialog">
      <DialogBody>
        <CameraScanner onCode={onCode} />
      </DialogBody>
    </Dialog>
  );
}
