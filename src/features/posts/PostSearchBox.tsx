import { useLingui } from '@lingui/react/macro';
import { SearchBox } from '../../ui/SearchBox';

/** The search field of the news list. */
export function PostSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useLingui();
  return <SearchBox className="post-search" value={value} onSearch={onSearch} label={t`Search publications`} />;
}
