import { Button, Tag } from '@blueprintjs/core';
import { EditIcon, TrashIcon } from '@blueprintjs/icons';
import type { LocationListQuery, LocationRecordFragment } from '@stockroom/schema/generated/graphql';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { formatCount, formatCurrency } from '../../../lib/format';
import type { LocationTreeRow } from '../location-tree';
import { locationPath } from '../urls';

/** A listed location with what it and its sub-locations hold. */
export type ListedLocation = LocationListQuery['locations'][number];

export interface LocationTreeProps {
  rows: readonly LocationTreeRow<ListedLocation>[];
  /** Absent: the role may not manage locations, so no row offers Edit or Delete. */
  onEdit?(location: LocationRecordFragment): void;
  onDelete?(location: LocationRecordFragment): void;
}

/**
 * The workspace's locations, each indented under its parent, as a flat list
 * (a tree widget's arrow keys would add nothing a link list lacks). A
 * sub-location shows its path, since the indentation alone is easy to misread
 * on a phone. Each says what it holds, its sub-locations counted in.
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
            <span className="location-tree__figures">
              {location.itemCount === 1 ? '1 product' : `${formatCount(location.itemCount)} products`} · {formatCurrency(location.stockValue)}
            </span>
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
