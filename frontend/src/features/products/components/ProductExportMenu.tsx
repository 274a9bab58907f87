import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { ChevronDownIcon, DocumentIcon, DownloadIcon, GridIcon } from '@blueprintjs/icons';
import { ExportMessages, type ProductExportFormat } from '@stockroom/schema';
import { useRef } from 'react';
import { moveMenuFocus } from '../../../lib/menu-keys';

export interface ProductExportMenuProps {
  /** A format was chosen: download the list as that file. */
  onExport(format: ProductExportFormat): void;
  /** A download is under way: the button waits rather than start another. */
  exporting: boolean;
}

/**
 * The toolbar's Export button: a menu of CSV and Excel. Focus goes to the
 * first item when it opens and back to the button when it closes.
 */
export function ProductExportMenu({ onExport, exporting }: ProductExportMenuProps) {
  const menu = useRef<HTMLUListElement>(null);
  return (
    <Popover
      placement="bottom-end"
      popoverClassName="product-export-menu"
      shouldReturnFocusOnClose
      disabled={exporting}
      onOpened={() => menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()}
      content={
        <Menu ulRef={menu} aria-label="Export the list as" onKeyDown={(event) => moveMenuFocus(event)}>
          <MenuItem text={ExportMessages.csv} icon={<DocumentIcon />} onClick={() => onExport('csv')} />
          <MenuItem text={ExportMessages.excel} icon={<GridIcon />} onClick={() => onExport('xlsx')} />
        </Menu>
      }
    >
      <Button
        className="product-toolbar__export"
        variant="minimal"
        icon={<DownloadIcon />}
        endIcon={<ChevronDownIcon />}
        loading={exporting}
      >
        {ExportMessages.menu}
      </Button>
    </Popover>
  );
}
