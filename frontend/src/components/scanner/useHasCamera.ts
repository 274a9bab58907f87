import { useEffect, useState } from 'react';

/**
 * Whether the device has a camera the page could ask for: getUserMedia exists
 * and enumerateDevices lists a video input. Before the camera is allowed the
 * list still names each kind of device, without labels. False until the list
 * has been read (so also in a prerendered page); read again on `devicechange`,
 * so a camera plugged in (or out) shows (or hides) what needs it.
 */
export function useHasCamera(): boolean {
  const [hasCamera, setHasCamera] = useState(false);
  useEffect(() => {
    // Undefined on a page that is not a secure context.
    const devices = navigator.mediaDevices as MediaDevices | undefined;
    if (typeof devices?.getUserMedia !== 'function' || typeof devices.enumerateDevices !== 'function') return;
    let current = true;
    const check = () => {
      devices.enumerateDevices().then(
        (list) => current && setHasCamera(list.some((device) => device.kind === 'videoinput')),
        () => current && setHasCamera(false),
      );
    };
    check();
    devices.addEventListener('devicechange', check);
    return () => {
      current = false;
      devices.removeEventListener('devicechange', check);
    };
  }, []);
  return hasCamera;
}
