import { Callout, Spinner } from '@blueprintjs/core';
import { ScannerMessages } from '@stockroom/schema';
import { useEffect, useRef, useState } from 'react';
import { createBarcodeReader } from './barcode-reader';
import { cameraProblemOf, stopStream, type CameraProblem } from './camera-error';

/** Time between two reads of the preview: often enough to feel instant, rare enough to leave a phone's CPU some rest. */
const READ_INTERVAL_MS = 150;

export interface CameraScannerProps {
  /** The first code read; the scanner stops reading after it. */
  onCode(code: string): void;
}

/**
 * The camera preview and the read loop. The camera starts when this mounts and
 * its tracks stop when it unmounts, also when the permission answer arrives
 * after the dialog was closed.
 */
export function CameraScanner({ onCode }: CameraScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [state, setState] = useState<'starting' | 'scanning' | CameraProblem>('starting');

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const video = videoRef.current;

    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        if (!stopped) setState(cameraProblemOf(error));
        return;
      }
      if (stopped || !video) return stopStream(stream);
      video.srcObject = stream;
      try {
        await video.play();
        const reader = await createBarcodeReader();
        if (stopped) return;
        setState('scanning');
        const tick = async () => {
          const code = await reader.read(video).catch(() => null);
          if (stopped) return;
          if (code) {
            stopped = true;
            onCodeRef.current(code);
            return;
          }
          timer = setTimeout(() => void tick(), READ_INTERVAL_MS);
        };
        void tick();
      } catch {
        if (!stopped) setState('failed');
      }
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      if (stream) stopStream(stream);
      if (video) video.srcObject = null;
    };
  }, []);

  const problem = state !== 'starting' && state !== 'scanning' ? state : null;
  return (
    <div className="scanner">
      {problem ? (
        <Callout intent="warning" role="alert" className="scanner__problem">
          {ScannerMessages[problem]}
        </Callout>
      ) : (
        <p className="scanner__status" role="status">
          {state === 'starting' ? (
            <>
              <Spinner size={16} aria-hidden /> {ScannerMessages.starting}
            </>
          ) : (
            ScannerMessages.hint
          )}
        </p>
      )}
      <div className="scanner__preview" hidden={problem !== null}>
        <video ref={videoRef} className="scanner__video" muted playsInline aria-label="Camera preview" />
        <div className="scanner__frame" aria-hidden />
      </div>
    </div>
  );
}
