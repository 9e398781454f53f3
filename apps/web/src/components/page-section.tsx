// The public pages' sections (about, features, pricing, waiting list, thank-you): a band, white or tinted, with
// its heading (the section is labelled by it) and what the heading introduces — often a grid of cards.
import type { ComponentType, ReactNode } from 'react';
import { Container, SectionHeading } from '@/components/site-chrome';

export function PageSection({
  id,
  tinted = false,
  className,
  eyebrow,
  title,
  intro,
  align,
  belowFold = false,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  /** The light grey band that sets a section apart from its neighbours. */
  tinted?: boolean;
  /** The inner container's layout (e.g. heading and text side by side). */
  className?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: 'center' | 'left';
  /** Never on a phone's first screen: its layout and paint wait until it nears the viewport (issue 48). */
  belowFold?: boolean;
  children: ReactNode;
}) {
  const band = tinted ? 'bg-slate-50 py-14 sm:py-20' : 'py-14 sm:py-20';
  return (
    <section aria-labelledby={id} className={belowFold ? `below-fold ${band}` : band}>
      <Container className={className}>
        <SectionHeading id={id} eyebrow={eyebrow} title={title} intro={intro} align={align} />
        {children}
      </Container>
    </section>
  );
}

/** A card's icon on its soft blue tile. */
export function IconTile({ Icon }: { Icon: ComponentType<{ className?: string }> }) {
  return (
    <span className="inline-flex size-11 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
      <Icon className="size-6" />
    </span>
  );
}
