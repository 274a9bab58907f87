import { Spinner } from '@blueprintjs/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The otpauth URL as a QR code for an authenticator app to scan, drawn here
 * in the browser: the secret never leaves for a QR service. Loaded only by
 * the two-factor card, so no other page carries the QR library.
 */
export default function TotpQrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void toDataURL(otpauthUrl, { margin: 2, width: 192, errorCorrectionLevel: 'M' }).then((url) => current && setImage(url));
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  return image ? (
    <img className="two-factor__qr" src={image} width={192} height={192} alt="QR code to scan with your authenticator app" />
  ) : (
    <Spinner size={24} aria-label="Drawing the QR code" />
  );
}
