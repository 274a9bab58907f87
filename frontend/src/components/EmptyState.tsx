import { Classes, NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';

export interface EmptyStateProps extends Omit<NonIdealStateProps, 'title'> {
  title: string;
  /**
   * Where the title sits in the page's outline: 1 when the state is the whole
   * page (404), 2 under the page's title, 3 inside a section. Blueprint's own
   * title is always an <h4>, which skips levels under an <h1> or <h2>.
   */
  headingLevel: 1 | 2 | 3;
}

/** Blueprint's NonIdealState (icon, title, description, action) with a heading at the level the page needs. */
export function EmptyState({ title, headingLevel, description, ...props }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <NonIdealState
      {...props}
      description={
        <div>
          <Heading className={`${Classes.HEADING} empty-state__title`}>{title}</Heading>
          {description && <div>{description}</div>}
        </div>
      }
    />
  );
}
