import { Button, type ButtonProps } from '@blueprintjs/core';
import { ChevronDownIcon, DownloadIcon } from '@blueprintjs/icons';
import { ExportMessages, type ProductExportFormat } from '@stockroom/schema';
import { forwardRef } from 'react';
import { DeferredMenu } from '../../../components/DeferredMenu';

export interface ProductExportMenuProps {
  /** A format was chosen: download the list as that file. */
  onExport(format: ProductExportFormat): void;
  /** A download is under way: the button waits rather than start another. */
  exporting: boolean;
}

const loadExportPopover = () => import('./ProductExportPopover').then((module) => module.default);

/** The toolbar's Export button: a menu of CSV and Excel, its code after the list (DeferredMenu). */
export function ProductExportMenu(props: ProductExportMenuProps) {
  return <DeferredMenu load={loadExportPopover} menuProps={props} renderStandIn={(standIn) => <ExportButton {...standIn} exporting={props.exporting} />} />;
}

/** The Export button, drawn by the menu and by its stand-in alike. */
export const ExportButton = forwardRef<HTMLButtonElement, ButtonProps & { exporting: boolean }>(function ExportButton({ exporting, ...buttonProps }, ref) {
  return (
    <Button
      ref={ref}
      className="product-toolbar__export"
      variant="minimal"
      icon={<DownloadIcon />}
      endIcon={<ChevronDownIcon />}
      loading={exporting}
      {...buttonProps}
    >
      {ExportMessages.menu}
    </Button>
  );
});
