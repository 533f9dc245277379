import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Checkbox } from '../../ui/Checkbox';
import { Select } from '../../ui/Select';
import type { MemberFilters, MemberSort } from './memberList';
import type { MemberReference } from './memberQueries';
import { roleLabels, roleList, statusLabels, statusList } from './memberWords';

export interface MemberFiltersBarProps {
  filters: MemberFilters;
  reference: MemberReference;
  onSearch: (q: string) => void;
  onFilters: (filters: MemberFilters) => void;
}

/** Search (name, last names, email, rut), the filters and the order of the list. */
export function MemberFiltersBar({ filters, reference, onSearch, onFilters }: MemberFiltersBarProps) {
  const { t, i18n } = useLingui();
  const searchId = useId();
  const set = (patch: Partial<MemberFilters>) => onFilters({ ...filters, ...patch });
  const sortLabels: Record<MemberSort, string> = { name: t`Name`, role: t`Role`, newest: t`Newest first` };
  return (
    <div className="member-filters">
      <form role="search" className="member-search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId} className="visually-hidden">
          {t`Search by name, email or RUT`}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          autoComplete="off"
          dir={filters.q ? 'auto' : undefined}
          placeholder={t`Search by name, email or RUT`}
          value={filters.q}
          onChange={(event) => onSearch(event.target.value)}
        />
      </form>
      <div className="member-filter-row">
        <Select
          label={t`Role`}
          value={filters.role}
          onChange={(event) => set({ role: event.target.value as MemberFilters['role'] })}
          options={[{ value: '', label: t`All roles` }, ...roleList.map((role) => ({ value: role, label: i18n._(roleLabels[role]) }))]}
        />
        <Select
          label={t`State`}
          value={filters.status}
          onChange={(event) => set({ status: event.target.value as MemberFilters['status'] })}
          options={[{ value: '', label: t`All states` }, ...statusList.map((status) => ({ value: status, label: i18n._(statusLabels[status]) }))]}
        />
        {reference.places.length > 0 ? (
          <Select
            label={t`Place`}
            value={filters.place}
            onChange={(event) => set({ place: event.target.value })}
            options={[{ value: '', label: t`All places` }, ...reference.places.map((place) => ({ value: place.id, label: place.name }))]}
          />
        ) : null}
        <Select
          label={t`Section`}
          value={filters.section}
          onChange={(event) => set({ section: event.target.value })}
          options={[{ value: '', label: t`All sections` }, ...reference.sections.map((section) => ({ value: section.id, label: section.label }))]}
        />
        <Select
          label={t`Sort by`}
          value={filters.sort}
          onChange={(event) => set({ sort: event.target.value as MemberSort })}
          options={(['name', 'role', 'newest'] as const).map((sort) => ({ value: sort, label: sortLabels[sort] }))}
        />
        <Checkbox label={t`Without PIN only`} checked={filters.noPin} onChange={(event) => set({ noPin: event.target.checked })} />
        <Checkbox label={t`Not yet signed in`} checked={filters.notSignedIn} onChange={(event) => set({ notSignedIn: event.target.checked })} />
      </div>
    </div>
  );
}
