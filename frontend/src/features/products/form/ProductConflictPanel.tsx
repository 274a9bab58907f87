import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useForm } from 'react-final-form';
import { shownValue, type ServerChange, type ServerChanges } from './product-conflict';
import type { ProductFormValues } from './product-form-values';

export interface ProductConflict {
  /** The server's message for the refused update. */
  message: string;
  /** Field by field, what changed on the server; null when the product could not be read again. */
  changes: ServerChanges | null;
}

type Choice = 'mine' | 'theirs';

/** One field both sides changed: their value beside the user's, and the choice between them. */
function Collision({ change, choice, onChoose }: { change: ServerChange; choice: Choice | undefined; onChoose(choice: Choice): void }) {
  // Named apart from the field's input, which the same words label.
  return (
    <div className="product-conflict__field" role="group" aria-label={`Changed by you and on the server: ${change.label}`}>
      <h3 className="product-conflict__label">
        {change.label}
      </h3>
      <dl className="product-conflict__values">
        <div>
          <dt>On the server</dt>
          <dd>{shownValue(change.theirs)}</dd>
        </div>
        <div>
          <dt>Yours</dt>
          <dd>{shownValue(change.mine)}</dd>
        </div>
      </dl>
      <div className="product-conflict__choice">
        <Button aria-pressed={choice === 'mine'} active={choice === 'mine'} onClick={() => onChoose('mine')}>
          Keep mine
        </Button>
        <Button aria-pressed={choice === 'theirs'} active={choice === 'theirs'} onClick={() => onChoose('theirs')}>
          Take theirs
        </Button>
      </div>
    </div>
  );
}

/**
 * An update refused because someone else changed the product meanwhile. The
 * form keeps what the user typed; the fields only the other change touched
 * already show the server's values, and for each field both changed the user
 * keeps theirs or takes the server's, one by one or all at once.
 */
export function ProductConflictPanel({ conflict }: { conflict: ProductConflict }) {
  const form = useForm<ProductFormValues>();
  const [choices, setChoices] = useState<Partial<Record<keyof ProductFormValues, Choice>>>({});
  const { changes } = conflict;
  const choose = (change: ServerChange, choice: Choice) => {
    form.change(change.name, choice === 'theirs' ? change.theirs : change.mine);
    setChoices((now) => ({ ...now, [change.name]: choice }));
  };
  const chooseAll = (choice: Choice) => form.batch(() => changes?.collisions.forEach((change) => choose(change, choice)));

  return (
    <Callout intent="warning" className="product-form__conflict product-conflict" role="alert">
      {/* Its own heading, a level under the page's, where Blueprint's title would be an h5. */}
      <h2 className="product-conflict__title">This product has changed</h2>
      <p>{conflict.message}</p>
      {changes && (
        <>
          <p>Someone else saved this product while you were editing it. Everything you typed is still in the form.</p>
          {changes.taken.length > 0 && (
            <p className="product-conflict__taken">
              Taken from the server: {changes.taken.map((change) => `${change.label} (${shownValue(change.theirs)})`).join(', ')}.
            </p>
          )}
          {changes.collisions.length > 0 && (
            <>
              <p>You and they both changed {changes.collisions.length === 1 ? 'this field' : 'these fields'}. Choose which to keep, then select Update Product:</p>
              <div className="product-conflict__fields">
                {changes.collisions.map((change) => (
                  <Collision key={change.name} change={change} choice={choices[change.name]} onChoose={(choice) => choose(change, choice)} />
                ))}
              </div>
              {changes.collisions.length > 1 && (
                <div className="product-conflict__all">
                  <Button onClick={() => chooseAll('mine')}>Keep all mine</Button>
                  <Button onClick={() => chooseAll('theirs')}>Take all theirs</Button>
                </div>
              )}
            </>
          )}
          {changes.collisions.length === 0 && <p>Nothing you changed collides with it: select Update Product to save your changes.</p>}
        </>
      )}
    </Callout>
  );
}
