import { ProductLabel, type ProductLabelData } from './ProductLabel';
import './labels.css';

export interface LabelSheetProps {
  labels: readonly ProductLabelData[];
  className?: string;
}

/** Labels one after another: on screen a column, in print one label per label-sized page. */
export function LabelSheet({ labels, className }: LabelSheetProps) {
  return (
    <div className={className ? `label-sheet ${className}` : 'label-sheet'}>
      {labels.map((label) => (
        <ProductLabel key={label.id} {...label} />
      ))}
    </div>
  );
}
