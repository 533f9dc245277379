import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { eventCategories, type EventCategory } from '../../../contract/events';
import { groupSections, sectionLabel, type AudienceOptions, type CourseGroup } from '../../audience/audienceGroups';
import { audienceLevels, type AudienceLevel, type CalendarParams, type CalendarView } from './calendarParams';
import { categoryNames } from './eventWords';

export interface CalendarToolbarProps {
  view: CalendarView;
  categories: readonly EventCategory[];
  audience: CalendarParams['audience'];
  /** The college's courses, grades and sections: staff and administrators filter by them. */
  audienceOptions: AudienceOptions | null;
  /** The address (`?…`) of a view, keeping the rest. */
  viewHref: (view: CalendarView) => string;
  /** A view was chosen by a plain click (the screen shows it at once; the address follows). */
  onView: (view: CalendarView) => void;
  onCategories: (categories: EventCategory[]) => void;
  onAudience: (audience: CalendarParams['audience']) => void;
}

/** Agenda or month, and what to show: kinds of event, and (staff) one course, grade or section. */
export function CalendarToolbar({ view, categories, audience, audienceOptions, viewHref, onView, onCategories, onAudience }: CalendarToolbarProps) {
  const { t, i18n } = useLingui();
  const audienceId = useId();
  const toggle = (category: EventCategory) =>
    onCategories(
      categories.includes(category) ? categories.filter((c) => c !== category) : eventCategories.filter((c) => c === category || categories.includes(c)),
    );
  const views: [CalendarView, string][] = [
    ['agenda', t`Agenda`],
    ['month', t`Month`],
  ];
  // A plain click switches the view on the screen at once (onView); a click with a modifier
  // (a new tab, a new window) stays the link's.
  const switchView = (event: MouseEvent<HTMLAnchorElement>, name: CalendarView) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onView(name);
  };
  return (
    <div className="calendar-toolbar">
      <div className="calendar-views" role="group" aria-label={t`View`}>
        {views.map(([name, label]) => (
          <Link
            key={name}
            className="calendar-view-link"
            to={viewHref(name)}
            replace
            preventScrollReset
            onClick={(event) => switchView(event, name)}
            aria-current={view === name ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </div>
      <div className="calendar-filters">
        <div className="category-filter" role="group" aria-label={t`Categories`}>
          <button type="button" className="filter-chip" aria-pressed={categories.length === 0} onClick={() => onCategories([])}>
            <Trans>All</Trans>
          </button>
          {eventCategories.map((category) => (
            <button
              key={category}
              type="button"
              className={`filter-chip event-cat-${category}`}
              aria-pressed={categories.includes(category)}
              onClick={() => toggle(category)}
            >
              <span className="filter-chip-dot" aria-hidden="true" />
              {i18n._(categoryNames[category])}
            </button>
          ))}
        </div>
        {audienceOptions ? (
          <div className="select audience-filter">
            <label htmlFor={audienceId} className="visually-hidden">
              <Trans>Who it is for</Trans>
            </label>
            <select
              id={audienceId}
              value={audience ? `${audience.level}:${audience.id}` : ''}
              onChange={(event) => onAudience(parseAudience(event.target.value))}
            >
              <option value="">{t`Every course`}</option>
              {groupSections(audienceOptions).map((group) => (
                <CourseOptions key={group.course.id} group={group} />
              ))}
            </select>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** A course's choices: the whole course, each grade, each section (indented under its grade). */
function CourseOptions({ group }: { group: CourseGroup }) {
  const { t } = useLingui();
  const courseName = group.course.name;
  return (
    <optgroup label={courseName}>
      <option value={`course:${group.course.id}`}>{t`All of ${courseName}`}</option>
      {group.grades.map(({ grade, sections }) => [
        <option key={grade.id} value={`grade:${grade.id}`}>
          {grade.name}
        </option>,
        ...sections.map((section) => (
          <option key={section.id} value={`section:${section.id}`}>
            {`\u00a0\u00a0${sectionLabel(grade, section)}`}
          </option>
        )),
      ])}
    </optgroup>
  );
}

function parseAudience(value: string): CalendarParams['audience'] {
  const [level, ...rest] = value.split(':');
  const id = rest.join(':');
  return audienceLevels.includes(level as AudienceLevel) && id ? { level: level as AudienceLevel, id } : null;
}
