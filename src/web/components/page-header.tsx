import type { ReactNode } from 'react';

/** The title band at the top of a content page. */
export function PageHeader({
  title,
  intro,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-sand-200 bg-sand-100/60">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="max-w-3xl text-4xl leading-tight font-bold text-balance text-ink sm:text-5xl">
          {title}
        </h1>
        {intro && <p className="max-w-2xl text-lg leading-relaxed text-muted">{intro}</p>}
        {children}
      </div>
    </div>
  );
}
