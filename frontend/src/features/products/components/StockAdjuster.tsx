import { Button, Callout, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { MinusIcon, PlusIcon } from '@blueprintjs/icons';
import { Rules, validateField, type NumberRule } from '@stockroom/schema';
import { useState } from 'react';
import { formatCount } from '../../../lib/format';

/** How many units one sale or delivery moves: a positive whole number, at most the quantity limit. */
const AMOUNT_RULE: NumberRule = { kind: 'number', label: 'Amount', required: true, min: 1, max: Rules.quantity.max, integer: true };

export interface StockAdjusterProps {
  quantity: number;
  busy: boolean;
  /** The server's answer to the last adjustment ('Product is out of stock', 'Insufficient stock available', ...). */
  error: string | null;
  onAdjust(delta: number): Promise<boolean>;
  onEdit(): void;
}

/**
 * Sell or receive stock. The server applies it atomically and refuses a sale
 * larger than the stock; its message is shown here, where the user acted.
 */
export function StockAdjuster({ quantity, busy, error, onAdjust, onEdit }: StockAdjusterProps) {
  const [amount, setAmount] = useState('1');
  const [touched, setTouched] = useState(false);
  const amountError = validateField(AMOUNT_RULE, amount);
  const shownError = touched ? amountError : undefined;

  const adjust = async (sign: 1 | -1) => {
    setTouched(true);
    if (amountError) return;
    if (await onAdjust(sign * Number(amount))) setTouched(false);
  };

  return (
    <Card className="stock-adjuster">
      <H2 className="product-section-title" id="stock-adjuster-title">
        Adjust stock
      </H2>
      <p className="stock-adjuster__current">
        Currently <strong data-testid="product-quantity-current">{formatCount(quantity)}</strong> in stock. Sell units to take them
        out, receive a delivery to add them.
      </p>
      {/* Not a form: Enter in the amount must not sell (or receive) by accident. */}
      <div className="stock-adjuster__form" role="group" aria-labelledby="stock-adjuster-title">
        <FormGroup
          label="Amount"
          labelFor="stock-amount"
          intent={shownError ? 'danger' : 'none'}
          helperText={shownError ? <span id="stock-amount-error">{shownError}</span> : undefined}
        >
          <InputGroup
            id="stock-amount"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            intent={shownError ? 'danger' : 'none'}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? 'stock-amount-error' : undefined}
            onChange={(event) => {
              setAmount(event.target.value);
              onEdit();
            }}
          />
        </FormGroup>
        <div className="stock-adjuster__buttons">
          <Button intent="warning" icon={<MinusIcon />} loading={busy} onClick={() => void adjust(-1)}>
            Sell
          </Button>
          <Button intent="success" icon={<PlusIcon />} loading={busy} onClick={() => void adjust(1)}>
            Receive
          </Button>
        </div>
      </div>
      {error && (
        <Callout intent="danger" className="stock-adjuster__error" role="alert" data-testid="stock-adjust-error">
          {error}
        </Callout>
      )}
    </Card>
  );
}
