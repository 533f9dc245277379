import { Trans, useLingui } from '@lingui/react/macro';
import { NavLink } from 'react-router-dom';
import type { Category } from '../../../contract/posts';

/** The categories as links (`/blog/all`, `/blog/<slug>`); the current one is marked. */
export function CategoryTabs({ categories }: { categories: readonly Category[] }) {
  const { t } = useLingui();
  return (
    <nav className="category-tabs" aria-label={t`Categories`}>
      <NavLink to="/blog/all" className="category-tab" end>
        <Trans>All</Trans>
      </NavLink>
      {categories.map((category) => (
        <NavLink key={category.id} to={`/blog/${category.slug}`} className="category-tab" title={category.name} end>
          <span className="chip-text" dir="auto">
            {category.name}
          </span>
        </NavLink>
      ))}
    </nav>
  );
}
