import { Button, Callout, Classes, Dialog, FormGroup, HTMLSelect, Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { useStockCountScopeOptionsQuery } from '@stockroom/schema/generated/hooks';
import { useId, useState, type FormEvent } from 'react';
import { extractErrorMessage } from '../../../lib/errors';
import { placesInScope } from '../count-scope';

type ScopeKind = 'location' | 'category' | 'everything';

export interface NewStockCount {
  locationId: string | null;
  category: string | null;
  blind: boolean;
}

export interface NewStockCountDialogProps {
  /** Resolves once the count is open; a refusal rejects with the server's error, shown in the dialog. */
  onCreate(count: NewStockCount): Promise<void>;
  onClose(): void;
}

/** A new count: what it covers (a location with the ones below it, a category, or everything) and whether it is blind. */
export function NewStockCountDialog({ onCreate, onClose }: NewStockCountDialogProps) {
  const options = useStockCountScopeOptionsQuery();
  const locations = placesInScope(options.data?.locations ?? [], null);
  const categories = options.data?.categories ?? [];
  const [kind, setKind] = useState<ScopeKind>('location');
  const [locationId, setLocationId] = useState('');
  const [category, setCategory] = useState('');
  const [blind, setBlind] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locationSelect = useId();
  const categorySelect = useId();
  const chosenLocation = locationId || locations.find((l) => l.isDefault)?.id || '';
  const chosenCategory = category || categories[0] || '';
  const ready = kind === 'everything' || (kind === 'location' ? chosenLocation !== '' : chosenCategory !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      await onCreate({ locationId: kind === 'location' ? chosenLocation : null, category: kind === 'category' ? chosenCategory : null, blind });
    } catch (failure) {
      setError(extractErrorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title="New stock count" onClose={busy ? undefined : onClose} className="stock-count-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className={Classes.DIALOG_BODY}>
          {error && (
            <Callout intent="danger" role="alert" className="stock-count-dialog__error">
              {error}
            </Callout>
          )}
          {options.error && <Callout intent="danger">{extractErrorMessage(options.error)}</Callout>}
          <RadioGroup label="What to count" selectedValue={kind} onChange={(event) => setKind(event.currentTarget.value as ScopeKind)}>
            <Radio value="location" label="A location, with the locations inside it" />
            <Radio value="category" label="A category" disabled={options.data && categories.length === 0} />
            <Radio value="everything" label="The whole workspace" />
          </RadioGroup>
          {kind === 'location' && (
            <FormGroup label="Location" labelFor={locationSelect}>
              <HTMLSelect id={locationSelect} fill large value={chosenLocation} onChange={(event) => setLocationId(event.target.value)} disabled={!options.data}>
                {locations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.path}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
          {kind === 'category' && (
            <FormGroup label="Category" labelFor={categorySelect}>
              <HTMLSelect id={categorySelect} fill large value={chosenCategory} onChange={(event) => setCategory(event.target.value)} disabled={!options.data}>
                {categories.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
          <Switch
            checked={blind}
            onChange={(event) => setBlind(event.currentTarget.checked)}
            label="Blind count"
            large
          />
          <p className={Classes.TEXT_MUTED}>In a blind count, counters do not see the quantities the system expects; those who approve do.</p>
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" intent="primary" loading={busy} disabled={!ready}>
              Start count
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
