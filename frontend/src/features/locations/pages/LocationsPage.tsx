import { Button, Card, Classes } from '@blueprintjs/core';
import { AddIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useLocationCreateMutation, useLocationDeleteMutation, useLocationListQuery, useLocationUpdateMutation } from '@stockroom/schema/generated/hooks';
import type { LocationRecordFragment } from '@stockroom/schema/generated/graphql';
import { useState } from 'react';
import { ConfirmAlert } from '../../../components/ConfirmAlert';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import { extractErrorMessage } from '../../../lib/errors';
import { SignedInTitles } from '../../../lib/page-titles';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useWorkspaceRole } from '../../../lib/workspace';
import { LocationFormDialog, type LocationFormValues } from '../components/LocationFormDialog';
import { LocationTree } from '../components/LocationTree';
import { locationFormErrors } from '../location-errors';
import { locationTree, parentChoices } from '../location-tree';
import '../locations.css';

/** The dialog open: a new location, or one location's changes. */
type Editing = { kind: 'create' } | { kind: 'update'; location: LocationRecordFragment };

const blank = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * /locations: the workspace's places for stock as a tree. Editors and above
 * add, rename, recode, move and delete them; a change can move many paths at
 * once (a renamed parent renames its sub-locations' paths), so the list is read
 * again after each.
 */
export default function LocationsPage() {
  usePageTitle(SignedInTitles.locations);
  const { can } = useWorkspaceRole();
  const manage = can('manageLocations');
  const list = useLocationListQuery();
  const [createLocation] = useLocationCreateMutation();
  const [updateLocation] = useLocationUpdateMutation();
  const [deleteLocation, { loading: deleting }] = useLocationDeleteMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [doomed, setDoomed] = useState<LocationRecordFragment | null>(null);
  const locations = list.data?.locations ?? [];

  const save = async (values: LocationFormValues) => {
    const input = { name: values.name.trim(), code: blank(values.code), parentId: values.parentId || null };
    try {
      if (editing?.kind === 'update') await updateLocation({ variables: { id: editing.location.id, input } });
      else await createLocation({ variables: { input } });
      await list.refetch();
      toast.success(editing?.kind === 'update' ? `${input.name} saved` : `${input.name} added`);
      setEditing(null);
      return undefined;
    } catch (error) {
      return locationFormErrors(error);
    }
  };

  const confirmDelete = async () => {
    if (!doomed) return;
    try {
      await deleteLocation({ variables: { id: doomed.id } });
      await list.refetch();
      toast.success(`${doomed.name} deleted`);
    } catch (error) {
      toast.error(extractErrorMessage(error));
    } finally {
      setDoomed(null);
    }
  };

  return (
    <div className="page page--narrow locations-page">
      <PageHeader
        title="Locations"
        subtitle="Where the stock is kept: rooms, shelves, bins and vans."
        actions={
          manage && (
            <Button intent="primary" icon={<AddIcon />} onClick={() => setEditing({ kind: 'create' })}>
              Add location
            </Button>
          )
        }
      />
      <Card className="locations-card">
        {list.error ? (
          <LoadError message={extractErrorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data ? (
          <LocationTree rows={locationTree(locations)} onEdit={manage ? (location) => setEditing({ kind: 'update', location }) : undefined} onDelete={manage ? setDoomed : undefined} />
        ) : (
          <p className={Classes.SKELETON}>Loading locations</p>
        )}
      </Card>
      {editing && (
        <LocationFormDialog
          title={editing.kind === 'update' ? `Edit ${editing.location.name}` : 'Add location'}
          submitText={editing.kind === 'update' ? 'Save' : 'Add'}
          initialValues={
            editing.kind === 'update'
              ? { name: editing.location.name, code: editing.location.code ?? '', parentId: editing.location.parentId ?? '' }
              : { name: '', code: '', parentId: '' }
          }
          parents={parentChoices(locations, editing.kind === 'update' ? editing.location.id : undefined)}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmAlert
        isOpen={doomed !== null}
        title={`Delete ${doomed?.name ?? 'location'}?`}
        icon={<WarningSignIcon />}
        confirmText="Delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDoomed(null)}
      >
        Its sub-locations move up one level. A location still holding stock is kept.
      </ConfirmAlert>
    </div>
  );
}
