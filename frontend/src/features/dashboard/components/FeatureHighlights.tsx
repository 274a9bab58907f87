import { Card, H2, H3 } from '@blueprintjs/core';
import { useId } from 'react';
import { LinkButton } from '../../../components/LinkButton';
import { iconFor, intentFor } from '../dashboard-mapping';

export interface FeatureEntry {
  title: string;
  description: string;
  icon: string;
  actionText: string;
  actionLink: string;
  actionColor: string;
}

/** The dashboard's feature highlights, each with its call to action. */
export function FeatureHighlights({ features }: { features: readonly FeatureEntry[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="dashboard__features">
      <H2 id={headingId} className="dashboard__section-title">
        Key features
      </H2>
      <ul className="feature-grid">
        {features.map((feature) => {
          const Icon = iconFor(feature.icon);
          const intent = intentFor(feature.actionColor);
          return (
            <li key={feature.actionLink}>
              <Card className="feature-card">
                <span className={`feature-card__icon feature-card__icon--${intent}`} aria-hidden="true">
                  <Icon size={20} />
                </span>
                <H3 className="feature-card__title">{feature.title}</H3>
                <p className="feature-card__description">{feature.description}</p>
                <LinkButton intent={intent} variant={intent === 'none' ? 'outlined' : 'solid'} to={feature.actionLink}>
                  {feature.actionText}
                </LinkButton>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
