import { Link } from 'react-router-dom';
import { useCollege } from '../tenant/tenantStore';

/** The college's logo and name; the name shortens on narrow screens. */
export function CollegeBrand({ to }: { to: string }) {
  const college = useCollege();
  return (
    <Link to={to} className="brand">
      <img className="brand-logo" src={college.logo} alt="" width="36" height="36" />
      <span className="brand-name brand-name-long" dir="auto">
        {college.name}
      </span>
      <span className="brand-name brand-name-short" dir="auto">
        {college.short_name || college.acronym}
      </span>
    </Link>
  );
}
