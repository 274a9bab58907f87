import { Tag } from '@blueprintjs/core';

export interface AppFooterProps {
  year: number;
  company: string;
  badges: readonly string[];
}

export function AppFooter({ year, company, badges }: AppFooterProps) {
  return (
    <footer className="app-footer">
      <p className="app-footer__legal">
        <span>© {year}</span> <span className="app-footer__company">{company}</span>
        <span className="app-footer__sep" aria-hidden="true">
          ·
        </span>
        <span>All rights reserved</span>
      </p>
      <ul className="app-footer__badges" aria-label="Built with">
        {badges.map((badge) => (
          <li key={badge}>
            <Tag minimal round>
              {badge}
            </Tag>
          </li>
        ))}
      </ul>
    </footer>
  );
}
