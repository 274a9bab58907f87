import { LocationLabel, type LocationLabelData } from './LocationLabel';
import { ProductLabel, type ProductLabelData } from './ProductLabel';
import './labels.css';

/** A label to print: a product's, or a location's (which says `kind: 'location'`). */
export type LabelData = ProductLabelData | LocationLabelData;

export interface LabelSheetProps {
  labels: readonly LabelData[];
  className?: string;
}

/** Labels one after another: on screen a column, in print one label per label-sized page. */
export function LabelSheet({ labels, className }: LabelSheetProps) {
  return (
    <div className={className ? `label-sheet ${className}` : 'label-sheet'}>
      {labels.map((label) => (label.kind === 'location' ? <LocationLabel key={label.id} {...label} /> : <ProductLabel key={label.id} {...label} />))}
    </div>
  );
}
