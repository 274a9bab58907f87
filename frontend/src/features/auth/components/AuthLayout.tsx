import { Card, H1 } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';

export interface AuthLayoutProps {
  icon: ReactElement;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every auth screen shares. */
export function AuthLayout({ icon, title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth-layout">
      <Card className="auth-card" elevation={1}>
        <div className="auth-card__header">
          <span className="auth-card__icon" aria-hidden="true">
            {icon}
          </span>
          <H1 className="auth-card__title">{title}</H1>
          <p className="auth-card__subtitle">{subtitle}</p>
        </div>
        {children}
      </Card>
      {footer && <div className="auth-layout__footer">{footer}</div>}
    </div>
  );
}
