import { Button, Callout } from '@blueprintjs/core';
import { DownloadIcon, DuplicateIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { toast } from '../../../lib/toaster';
import { recoveryCodesFile } from '../recovery-codes-file';

/** The ten recovery codes, shown this once, to copy or download before they are gone. */
export function RecoveryCodesCallout({ email, codes, onDone }: { email: string; codes: readonly string[]; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  const text = recoveryCodesFile(email, codes);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error('Could not copy: select the codes and copy them yourself');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'stockroom-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Callout intent="success" className="profile-callout secret-callout">
      <h3 className="secret-callout__title">Save your recovery codes</h3>
      <p>
        Each code signs you in once if your phone is lost or not at hand. Keep them somewhere safe: they are shown only this once.
      </p>
      <ul className="two-factor__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="two-factor__code-actions">
        <Button icon={<DuplicateIcon />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button icon={<DownloadIcon />} onClick={download}>
          Download
        </Button>
        <Button variant="outlined" onClick={onDone}>
          Done
        </Button>
      </div>
      <p role="status" className="secret-callout__status">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
    </Callout>
  );
}
