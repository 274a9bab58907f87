import { useMemo } from 'react';
import { barcodeSvg, qrSvg } from './label-symbols';

/** A location's label content as plain values. */
export interface LocationLabelData {
  kind: 'location';
  id: string;
  name: string;
  /** Where it sits, "Shop / Back room"; printed when it says more than the name. */
  path: string;
  /** Printed as Code 128 when the location has one, for a scanner that reads barcodes only. */
  code?: string | null;
  /** The location's page, which the QR code opens (the app's scanner opens it too). */
  url: string;
}

/**
 * One location label, on the product labels' 62 x 29 mm roll: the name and
 * path beside a QR code to the location's page, and its code as a barcode
 * across the width under them when it has one.
 */
export function LocationLabel({ name, path, code, url }: LocationLabelData) {
  const qr = useMemo(() => qrSvg(url), [url]);
  const bars = useMemo(() => (code ? barcodeSvg({ symbology: 'code128', text: code }) : null), [code]);
  return (
    <article className="location-label" aria-label={`Label: ${path}`}>
      <div className="location-label__text">
        <p className="location-label__name">{name}</p>
        {path !== name && <p className="location-label__path">{path}</p>}
      </div>
      <div className="location-label__qr" role="img" aria-label={`QR code linking to ${url}`} data-url={url} dangerouslySetInnerHTML={{ __html: qr }} />
      {code && bars && (
        <>
          <div className="location-label__barcode" role="img" aria-label={`Barcode ${code}`} data-symbology="code128" dangerouslySetInnerHTML={{ __html: bars }} />
          <p className="location-label__code" aria-hidden>
            {code}
          </p>
        </>
      )}
    </article>
  );
}
