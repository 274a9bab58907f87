import { Button, Callout, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { ScannerMessages } from '@stockroom/schema';
import { useId, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { ScanButton } from '../../../components/scanner/ScanButton';
import { productSearchPath } from '../../../lib/urls';
import type { CodeSource, ScanHereNotice } from '../useScanHere';

export interface ScanHereProps {
  looking: boolean;
  notice: ScanHereNotice | null;
  onCode(code: string, source: CodeSource): void;
  scanButtonRef: RefObject<HTMLButtonElement>;
  codeInputRef: RefObject<HTMLInputElement>;
}

/** Why a code opened no product, in words; several come with a link to the list searched for the code. */
function NoticeText({ notice }: { notice: ScanHereNotice }) {
  if (notice.kind === 'failed') return <Callout compact intent="danger">{notice.message}</Callout>;
  if (notice.kind === 'none') return <Callout compact intent="warning">{ScannerMessages.noProduct(notice.term)}</Callout>;
  return (
    <Callout compact intent="primary">
      {ScannerMessages.severalProducts(notice.term)} <Link to={productSearchPath(notice.term)}>{ScannerMessages.showSeveral}</Link>
    </Callout>
  );
}

/**
 * A location's scanning: the camera (on a device that has one) and a code
 * field, which also serves the keyboard and a barcode reader that types. The
 * answer for a code that is not one product is announced where it shows.
 */
export function ScanHere({ looking, notice, onCode, scanButtonRef, codeInputRef }: ScanHereProps) {
  const titleId = useId();
  const inputId = useId();
  const [code, setCode] = useState('');
  return (
    <Card className="locations-card location-scan">
      <section aria-labelledby={titleId}>
        <H2 id={titleId} className="locations-card__title">
          Count or add stock here
        </H2>
        <ScanButton ref={scanButtonRef} className="location-scan__camera" text={ScannerMessages.scanHere} onCode={(scanned) => onCode(scanned, 'camera')} />
        <form
          className="location-scan__form"
          onSubmit={(event) => {
            event.preventDefault();
            onCode(code, 'typed');
          }}
        >
          <FormGroup label={ScannerMessages.enterCode} labelFor={inputId}>
            <div className="location-scan__code">
              <InputGroup
                id={inputId}
                className="location-scan__input"
                inputRef={codeInputRef}
                placeholder="SKU or barcode"
                autoComplete="off"
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
              <Button type="submit" text={ScannerMessages.findCode} loading={looking} />
            </div>
          </FormGroup>
        </form>
        <div className="location-scan__notice" role="status">
          {notice && <NoticeText notice={notice} />}
        </div>
      </section>
    </Card>
  );
}
