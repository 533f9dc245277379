import './audience.css';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { AudienceReach } from '../../contract/audience';
import { scopeNeedsSections, type AudienceScope } from '../../contract/audienceScopes';
import type { FieldErrors } from '../forms/fieldErrors';
import { audienceToSend, withSections, type AudienceChoice } from './audienceChoice';
import { groupSections, offeredOptions, type AudienceOptions } from './audienceGroups';
import { audienceSummary, describeAudience } from './audienceSummary';
import { AudienceSummaryView } from './AudienceSummaryView';
import { ScopeChoice } from './ScopeChoice';
import { SectionGrid } from './SectionGrid';
import { useAudienceReach } from './useAudienceReach';

export interface AudiencePickerProps<T extends AudienceChoice> {
  audience: AudienceOptions;
  values: T;
  errors: FieldErrors;
  onChange: (values: T) => void;
  /**
   * Who of those reached the item counts (default: everyone who may read it). A
   * notification is sent to the roles its scope names, less its author.
   */
  countReach?: (reach: AudienceReach, scope: AudienceScope) => AudienceReach;
}

/** The first error of any of `fields` (a server error may name an item: `section_ids.0`). */
function errorOf(errors: FieldErrors, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const key = Object.keys(errors).find((candidate) => candidate === field || candidate.startsWith(`${field}.`));
    if (key) return errors[key];
  }
  return undefined;
}

/**
 * Who an item is for, shared by posts, events, notifications and documents: the whole
 * school, staff only, or families and/or students of chosen grades and sections (in school
 * order); then the choice in words and how many members it reaches.
 */
export function AudiencePicker<T extends AudienceChoice>({ audience, values, errors, onChange, countReach }: AudiencePickerProps<T>) {
  const { i18n } = useLingui();
  // Archived sections are not offered, unless the item has them already.
  const groups = useMemo(() => groupSections(offeredOptions(audience, values.section_ids)), [audience, values.section_ids]);
  const bySections = scopeNeedsSections(values.scope);
  const chosen = useMemo(() => new Set(values.section_ids), [values.section_ids]);
  const summary = audienceSummary(i18n, describeAudience(values, audience));
  // Nothing to count until sections are chosen (the form then asks for them).
  const asked = useAudienceReach(audienceToSend(values), !bySections || values.section_ids.length > 0);
  const reach = countReach && asked.status === 'counted' ? { status: 'counted' as const, reach: countReach(asked.reach, values.scope) } : asked;
  return (
    <div className="audience-picker">
      <ScopeChoice scope={values.scope} error={errorOf(errors, ['scope'])} onChange={(scope) => onChange({ ...values, scope })} />
      {bySections ? (
        <SectionGrid
          groups={groups}
          chosen={chosen}
          error={errorOf(errors, ['section_ids', 'grade_ids', 'course_ids'])}
          onChange={(sectionIds) => onChange(withSections(values, sectionIds, audience))}
        />
      ) : null}
      <AudienceSummaryView summary={summary} reach={reach} />
    </div>
  );
}
