import { Button, Tag } from '@blueprintjs/core';
import { EditIcon, TrashIcon } from '@blueprintjs/icons';
import type { LocationRecordFragment } from '@stockroom/schema/generated/graphql';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import type { LocationTreeRow } from '../location-tree';
import { locationPath } from '../urls';

export interface LocationTreeProps {
  rows: readonly LocationTreeRow<LocationRecordFragment>[];
  /** Absent: the role may not manage locations, so no row offers Edit or Delete. */
  onEdit?(location: LocationRecordFragment): void;
  onDelete?(location: LocationRecordFragment): void;
}

/**
 * The workspace's locations, each indented under its parent, as a flat list
 * (a tree widget's arrow keys would add nothing a link list lacks). A
 * sub-location shows its path, since the indentation alone is easy to misread
 * on a phone.
 */
export function LocationTree({ rows, onEdit, onDelete }: LocationTreeProps) {
  return (
    <ul className="location-tree" aria-label="Locations">
      {rows.map(({ location, depth }) => (
        <li key={location.id} className="location-tree__row" style={{ '--location-depth': depth } as CSSProperties}>
          <div className="location-tree__text">
            <Link to={locationPath(location.id)} className="location-tree__name">
              {location.name}
            </Link>
            {location.code && (
              <Tag minimal className="location-tree__code">
                {location.code}
              </Tag>
            )}
            {location.isDefault && (
              <Tag minimal intent="primary">
                Default
              </Tag>
            )}
            {depth > 0 && <span className="location-tree__path">{location.path}</span>}
          </div>
          {(onEdit || onDelete) && (
            <div className="location-tree__actions">
              {onEdit && <Button variant="minimal" icon={<EditIcon />} aria-label={`Edit ${location.name}`} title="Rename, recode or move" onClick={() => onEdit(location)} />}
              {onDelete && !location.isDefault && (
                <Button variant="minimal" intent="danger" icon={<TrashIcon />} aria-label={`Delete ${location.name}`} title="Delete" onClick={() => onDelete(location)} />
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
