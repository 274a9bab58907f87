import { Menu, MenuItem } from '@blueprintjs/core';
import { DocumentIcon, GridIcon } from '@blueprintjs/icons';
import { ExportMessages } from '@stockroom/schema';
import { MenuPopover } from '../../../components/MenuPopover';
import { ExportButton, type ProductExportMenuProps } from './ProductExportMenu';

/** The Export button's menu of CSV and Excel (ProductExportMenu stands in for it until pressed). */
export default function ProductExportPopover({ onExport, exporting }: ProductExportMenuProps) {
  return (
    <MenuPopover
      placement="bottom-end"
      popoverClassName="product-export-menu"
      disabled={exporting}
      content={
        <Menu aria-label="Export the list as">
          <MenuItem text={ExportMessages.csv} icon={<DocumentIcon />} onClick={() => onExport('csv')} />
          <MenuItem text={ExportMessages.excel} icon={<GridIcon />} onClick={() => onExport('xlsx')} />
        </Menu>
      }
      renderButton={(button) => <ExportButton {...button} exporting={exporting} />}
    />
  );
}
